import { randomFillSync } from 'node:crypto';
import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Context, type HrTime, type Link, type SpanContext, type SpanStatus } from '@opentelemetry/api';
import { W3CTraceContextPropagator, type InstrumentationScope } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import { SamplingDecision, type ReadableSpan, type Sampler, type SpanProcessor, type TimedEvent } from '@opentelemetry/sdk-trace-base';
import { NO_SPAN, type SpanValue, type TraceSpan, type Tracing } from '../../application/ports/tracing.js';

/** What the recorded spans share: where they go when ended, whom they describe, which traces are kept. */
export interface Recording {
  readonly processor: SpanProcessor;
  readonly resource: Resource;
  readonly scope: InstrumentationScope;
  readonly sampler: Sampler;
}

const W3C = new W3CTraceContextPropagator();

/**
 * Span and trace ids cut from a buffer of random bytes filled a few thousand at a time: one
 * system call for hundreds of ids instead of a random number per four bytes.
 */
class Ids {
  private readonly pool = Buffer.allocUnsafe(4096);
  private at = this.pool.length;

  private next(bytes: number): string {
    if (this.at + bytes > this.pool.length) {
      randomFillSync(this.pool);
      this.at = 0;
    }
    const id = this.pool.toString('hex', this.at, (this.at += bytes));
    // An id of zeros is invalid in W3C trace context; drawing one is astronomically rare.
    return /^0+$/.test(id) ? this.next(bytes) : id;
  }

  span(): string {
    return this.next(8);
  }

  trace(): string {
    return this.next(16);
  }
}

/** Wall-clock milliseconds from the monotonic clock, anchored once, as the SDK's spans do. */
const ORIGIN = Date.now() - performance.now();
const nowMs = (): number => ORIGIN + performance.now();
const hrTimeOf = (ms: number): HrTime => {
  const seconds = Math.floor(ms / 1000);
  return [seconds, Math.min(999_999_999, Math.round((ms - seconds * 1000) * 1e6))];
};

/**
 * One recorded span: the application's {@link TraceSpan} and, once ended, the SDK's
 * {@link ReadableSpan} that its processor batches and its exporter encodes. It holds only what
 * the exporter reads, so that starting and ending one is a few field writes.
 */
class RecordedSpan implements TraceSpan, ReadableSpan {
  readonly recording = true;
  readonly attributes: Attributes = {};
  readonly links: Link[] = [];
  readonly events: TimedEvent[] = [];
  status: SpanStatus = { code: SpanStatusCode.UNSET };
  readonly startTime: HrTime;
  endTime: HrTime = [0, 0];
  duration: HrTime = [0, 0];
  ended = false;
  readonly droppedAttributesCount = 0;
  readonly droppedEventsCount = 0;
  readonly droppedLinksCount = 0;
  readonly resource: Resource;
  readonly instrumentationScope: InstrumentationScope;
  private readonly context: SpanContext;
  private readonly startedAt = nowMs();

  constructor(
    private readonly tracing: RecordedTracing,
    readonly name: string,
    readonly kind: SpanKind,
    traceId: string,
    readonly parentSpanContext: SpanContext | undefined,
  ) {
    this.context = { traceId, spanId: tracing.ids.span(), traceFlags: TraceFlags.SAMPLED };
    this.startTime = hrTimeOf(this.startedAt);
    this.resource = tracing.recording.resource;
    this.instrumentationScope = tracing.recording.scope;
  }

  spanContext(): SpanContext {
    return this.context;
  }

  child(name: string): TraceSpan {
    // A child of a kept span is kept: every sampler the variables name decides on the trace's root.
    return new RecordedSpan(this.tracing, name, SpanKind.INTERNAL, this.context.traceId, this.context);
  }

  set(key: string, value: SpanValue): void {
    if (!this.ended) this.attributes[key] = value;
  }

  event(name: string): void {
    if (!this.ended) this.events.push({ name, time: hrTimeOf(nowMs()), attributes: {}, droppedAttributesCount: 0 });
  }

  fail(message: string): void {
    if (!this.ended) this.status = { code: SpanStatusCode.ERROR, message };
  }

  end(): void {
    if (this.ended) return;
    const endedAt = Math.max(this.startedAt, nowMs());
    this.endTime = hrTimeOf(endedAt);
    this.duration = hrTimeOf(endedAt - this.startedAt);
    this.ended = true;
    this.tracing.recording.processor.onEnd(this);
  }

  traceparent(): string | null {
    return `00-${this.context.traceId}-${this.context.spanId}-01`;
  }
}

/**
 * The application's spans recorded straight into the SDK's span processor and exporter (the
 * OTLP/HTTP one bootstrap loads), without the SDK's tracer: its spans' context objects,
 * per-attribute checks, self-metrics and clock conversions cost the traced process more than the
 * export itself. Sampling is the configured sampler's, decided once a trace at its root; an
 * embedder's own provider goes through {@link OpenTelemetryTracing} instead.
 */
export class RecordedTracing implements Tracing {
  readonly ids = new Ids();

  constructor(readonly recording: Recording) {}

  start(name: string): TraceSpan {
    return this.root(name, SpanKind.INTERNAL, ROOT_CONTEXT);
  }

  serve(name: string, traceparent: string | undefined): TraceSpan {
    return this.root(name, SpanKind.SERVER, traceparent ? W3C.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter) : ROOT_CONTEXT);
  }

  private root(name: string, kind: SpanKind, within: Context): TraceSpan {
    const remote = trace.getSpanContext(within);
    const parent = remote && trace.isSpanContextValid(remote) ? remote : undefined;
    const traceId = parent?.traceId ?? this.ids.trace();
    const decision = this.recording.sampler.shouldSample(within, traceId, name, kind, {}, []).decision;
    if (decision !== SamplingDecision.RECORD_AND_SAMPLED) return NO_SPAN;
    return new RecordedSpan(this, name, kind, traceId, parent);
  }
}
