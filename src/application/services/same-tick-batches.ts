const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * Regroups a stream into batches of what it produced within one turn of the event loop: the
 * pieces one network read parsed go out together, a piece that arrives alone goes out at once
 * (one `setImmediate` after it arrived, once the microtasks of its arrival have run). Nothing is
 * held for longer than that, and the first piece not at all: it goes out alone the moment it
 * arrives, since the caller is waiting on it, while a busy event loop can take milliseconds to
 * reach its next `setImmediate` (what arrives with it follows as the next batch). An error of the
 * source comes after the batch of what preceded it; a consumer that stops early makes the source
 * stop at its next piece. `arrived` hears each piece as it comes (timing figures), before it
 * waits for its batch.
 */
export const sameTickBatches = <T>(source: AsyncIterable<T>, arrived?: () => void): AsyncIterableIterator<T[]> =>
  new SameTickBatches(source[Symbol.asyncIterator](), arrived);

/**
 * Written as an iterator of its own rather than an async generator fed by an async loop: every
 * token of a hosted answer passes through here, and those cost several promises and closures a
 * piece, the young garbage whose collections paused the calls' event loop.
 */
class SameTickBatches<T> implements AsyncIterableIterator<T[]> {
  private queue: T[] = [];
  private finished = false;
  private failure: { readonly error: unknown } | null = null;
  private stopped = false;
  private first = true;
  private wake: (() => void) | null = null;

  constructor(
    private readonly source: AsyncIterator<T>,
    private readonly arrived: (() => void) | undefined,
  ) {
    this.pull();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<T[], undefined>> {
    for (;;) {
      if (this.stopped) return DONE;
      if (this.queue.length === 0 && this.finished) {
        this.stopped = true;
        if (this.failure) throw this.failure.error;
        return DONE;
      }
      if (this.queue.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
      // Whatever else this turn of the loop produces joins the piece that woke us.
      if (!this.first && this.queue.length > 0 && !this.finished) await new Promise<void>((resolve) => setImmediate(resolve));
      this.first = false;
      const batch = this.queue;
      this.queue = [];
      if (batch.length > 0) return { done: false, value: batch };
    }
  }

  async return(): Promise<IteratorResult<T[], undefined>> {
    this.stopped = true;
    return DONE;
  }

  private pull(): void {
    let next: Promise<IteratorResult<T>>;
    try {
      next = this.source.next();
    } catch (error) {
      return this.failed(error);
    }
    next.then(this.took, this.failed);
  }

  private readonly took = (result: IteratorResult<T>): void => {
    if (result.done) return this.finish(null);
    if (this.stopped) {
      void this.source.return?.()?.catch(() => undefined);
      return;
    }
    this.arrived?.();
    this.queue.push(result.value);
    this.notify();
    this.pull();
  };

  private readonly failed = (error: unknown): void => this.finish({ error });

  private finish(failure: { readonly error: unknown } | null): void {
    this.failure = failure;
    this.finished = true;
    this.notify();
  }

  private notify(): void {
    const resolve = this.wake;
    this.wake = null;
    resolve?.();
  }
}
