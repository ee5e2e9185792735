/**
 * Thrown by an adapter whose backing service cannot be reached (the database refuses
 * connections, the rate-limit store is down). Adapters translate their driver's
 * connection-class errors into this at their boundary; driving adapters answer 503.
 * Anything else a driver throws stays what it is: a defect, answered 500.
 */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: string,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} is unavailable`, options);
    this.name = 'DependencyUnavailable';
  }
}
