import { context, defaultTextMapGetter, defaultTextMapSetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { NO_SPAN, type SpanValue, type TraceSpan, type Tracing } from '../../application/ports/tracing.js';

/** W3C trace context, whatever propagator the process registered globally (an embedder may have none). */
const W3C = new W3CTraceContextPropagator();

/** A span of OpenTelemetry's, behind the application's port. */
class OtelSpan implements TraceSpan {
  readonly recording = true;
  /** The context with this span as the parent, made only when a child or a traceparent needs it: most spans are leaves. */
  private within: Context | undefined;

  constructor(
    private readonly tracer: Tracer,
    private readonly span: Span,
    private readonly parent: Context,
  ) {}

  private context(): Context {
    return (this.within ??= trace.setSpan(this.parent, this.span));
  }

  child(name: string): TraceSpan {
    return started(this.tracer, name, this.context(), SpanKind.INTERNAL);
  }

  set(key: string, value: SpanValue): void {
    this.span.setAttribute(key, value);
  }

  event(name: string): void {
    this.span.addEvent(name);
  }

  fail(message: string): void {
    this.span.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  end(): void {
    this.span.end();
  }

  traceparent(): string | null {
    const carrier: Record<string, string> = {};
    W3C.inject(this.context(), carrier, defaultTextMapSetter);
    return carrier['traceparent'] ?? null;
  }
}

/** A span not recorded (the API's no-op tracer, a sampler's no) is the port's {@link NO_SPAN}: its children are never asked of the tracer. */
const started = (tracer: Tracer, name: string, within: Context, kind: SpanKind): TraceSpan => {
  const span = tracer.startSpan(name, { kind }, within);
  if (!span.isRecording()) return NO_SPAN;
  return new OtelSpan(tracer, span, within);
};

/** The application's spans as OpenTelemetry's, from the given provider (the SDK's that bootstrap loads, or an embedder's). */
export class OpenTelemetryTracing implements Tracing {
  private readonly tracer: Tracer;

  constructor(provider: TracerProvider, version?: string) {
    this.tracer = provider.getTracer('switchboard', version);
  }

  start(name: string): TraceSpan {
    return started(this.tracer, name, context.active(), SpanKind.INTERNAL);
  }

  serve(name: string, traceparent: string | undefined): TraceSpan {
    const within = traceparent ? W3C.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter) : ROOT_CONTEXT;
    return started(this.tracer, name, within, SpanKind.SERVER);
  }
}
