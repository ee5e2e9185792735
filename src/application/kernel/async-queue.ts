/**
 * A push-driven async iterable: producers `push` and `end` (or `fail`), one consumer iterates.
 * Values pushed before anyone iterates are kept.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | null = null;
  private rejectWaiting: ((error: unknown) => void) | null = null;
  private ended = false;
  private error: { readonly reason: unknown } | null = null;

  push(value: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.rejectWaiting = null;
      resolve({ value, done: false });
    } else {
      this.items.push(value);
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.rejectWaiting = null;
      resolve({ value: undefined, done: true });
    }
  }

  fail(reason: unknown): void {
    if (this.ended) return;
    this.error = { reason };
    this.ended = true;
    if (this.rejectWaiting) {
      const reject = this.rejectWaiting;
      this.waiting = this.rejectWaiting = null;
      reject(reason);
    }
  }

  get isEnded(): boolean {
    return this.ended;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.items.length > 0) return Promise.resolve({ value: this.items.shift()!, done: false });
        if (this.error) return Promise.reject(this.error.reason);
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          this.waiting = resolve;
          this.rejectWaiting = reject;
        });
      },
      return: () => {
        this.items.length = 0;
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
