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
 * Written as an iterator of its own, driven by callbacks, rather than an async generator fed by
 * an async loop: every token of a hosted answer passes through here, and those cost several
 * promises and closures a piece, the young garbage whose collections paused the calls' event loop.
 */
class SameTickBatches<T> implements AsyncIterableIterator<T[]> {
  private queue: T[] = [];
  private finished = false;
  private failure: { readonly error: unknown } | null = null;
  private stopped = false;
  private first = true;
  /** The read waiting for a batch. */
  private reader: { readonly resolve: (result: IteratorResult<T[], undefined>) => void; readonly reject: (error: unknown) => void } | null = null;
  /** Counts the batches handed over: a turn of the loop waited for belongs to the batch it was armed for. */
  private handed = 0;
  private armed = false;
  private turned = false;

  constructor(
    private readonly source: AsyncIterator<T>,
    private readonly arrived: (() => void) | undefined,
  ) {
    this.pull();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T[], undefined>> {
    if (this.stopped) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.reader = { resolve, reject };
      this.settle();
    });
  }

  async return(): Promise<IteratorResult<T[], undefined>> {
    this.stopped = true;
    const reader = this.reader;
    this.reader = null;
    reader?.resolve(DONE);
    return DONE;
  }

  /**
   * Hands the waiting read what it may have now: the first piece at once, a later batch once a
   * turn of the loop has passed since it was waited for (whatever else that turn brought joins
   * it), the end or the failure once the queue is empty.
   */
  private settle(): void {
    const reader = this.reader;
    if (!reader) return;
    if (this.queue.length === 0) {
      if (!this.finished) return;
      this.reader = null;
      this.stopped = true;
      if (this.failure) reader.reject(this.failure.error);
      else reader.resolve(DONE);
      return;
    }
    if (!this.first && !this.finished && !this.turned) {
      if (!this.armed) {
        this.armed = true;
        const batch = this.handed;
        setImmediate(() => {
          if (batch !== this.handed) return;
          this.turned = true;
          this.settle();
        });
      }
      return;
    }
    this.reader = null;
    this.first = false;
    this.handed++;
    this.armed = false;
    this.turned = false;
    const batch = this.queue;
    this.queue = [];
    reader.resolve({ done: false, value: batch });
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
    this.settle();
    this.pull();
  };

  private readonly failed = (error: unknown): void => this.finish({ error });

  private finish(failure: { readonly error: unknown } | null): void {
    this.failure = failure;
    this.finished = true;
    this.settle();
  }
}
