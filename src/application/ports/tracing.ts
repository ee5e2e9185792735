/** A value a span may carry. */
export type SpanValue = string | number | boolean;

/**
 * One span of a trace: a call, a turn, a webhook request, a tool call. Callers ask
 * {@link recording} before building attributes, so that with tracing off a hot path builds nothing.
 */
export interface TraceSpan {
  /** False for a span nobody records (tracing off, or not sampled): set nothing on it. */
  readonly recording: boolean;
  /** A span within this one; a span not recorded has none but itself. */
  child(name: string): TraceSpan;
  set(key: string, value: SpanValue): void;
  /** A moment within the span (the first token of a model's stream). */
  event(name: string): void;
  /** The span's work failed: why. */
  fail(message: string): void;
  end(): void;
  /** The W3C `traceparent` header that makes a request this span's child, if it is recorded. */
  traceparent(): string | null;
}

/**
 * Starts traces. Narrow on purpose: the application names its spans and their parents, and the
 * adapter (OpenTelemetry) owns context, sampling and export. Parents are passed explicitly
 * rather than through an async context, which would cost every await of a call something even
 * with tracing off.
 */
export interface Tracing {
  /** A span at the root of this process's work (a call, a delivery, a dial). */
  start(name: string): TraceSpan;
  /** A server's span for a request, the child of the caller's span when it sent a `traceparent`. */
  serve(name: string, traceparent: string | undefined): TraceSpan;
}

/** The span of tracing off: records nothing, and its children are itself. */
export const NO_SPAN: TraceSpan = {
  recording: false,
  child: () => NO_SPAN,
  set: () => {},
  event: () => {},
  fail: () => {},
  end: () => {},
  traceparent: () => null,
};

/** Tracing off. */
export const NO_TRACING: Tracing = { start: () => NO_SPAN, serve: () => NO_SPAN };
