import { describe, expect, it } from 'vitest';
import { sameTickBatches } from '../../../../src/application/services/same-tick-batches.js';

/** A source the test feeds: what one `give` passes arrives within one turn of the event loop. */
class Fed<T> implements AsyncIterator<T> {
  private readonly ready: IteratorResult<T>[] = [];
  private failure: Error | null = null;
  private waiting: { resolve: (r: IteratorResult<T>) => void; reject: (e: Error) => void } | null = null;
  returned = false;

  give(...items: T[]): void {
    this.ready.push(...items.map((value) => ({ done: false as const, value })));
    this.serve();
  }

  end(): void {
    this.ready.push({ done: true, value: undefined });
    this.serve();
  }

  fail(error: Error): void {
    this.failure = error;
    this.serve();
  }

  next(): Promise<IteratorResult<T>> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.serve();
    });
  }

  async return(): Promise<IteratorResult<T>> {
    this.returned = true;
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private serve(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    const next = this.ready.shift();
    if (next) {
      this.waiting = null;
      waiting.resolve(next);
    } else if (this.failure) {
      this.waiting = null;
      waiting.reject(this.failure);
    }
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sameTickBatches', () => {
  it('sends the first piece alone at once, then what each turn of the loop brought as one batch', async () => {
    const source = new Fed<string>();
    const batches = sameTickBatches(source);
    source.give('Hello', ',', ' there');
    expect(await batches.next()).toEqual({ done: false, value: ['Hello'] });
    expect(await batches.next()).toEqual({ done: false, value: [',', ' there'] });
    const third = batches.next();
    source.give(' friend');
    expect(await third).toEqual({ done: false, value: [' friend'] });
    source.end();
    expect(await batches.next()).toEqual({ done: true, value: undefined });
  });

  it('hears each piece as it arrives', async () => {
    const source = new Fed<number>();
    let heard = 0;
    const batches = sameTickBatches(source, () => heard++);
    source.give(1, 2, 3);
    await turn();
    expect(heard).toBe(3);
    source.end();
    const all: number[][] = [];
    for await (const batch of batches) all.push(batch);
    expect(all.flat()).toEqual([1, 2, 3]);
  });

  it("throws the source's failure after the batch of what came before it, then is done", async () => {
    const source = new Fed<string>();
    const batches = sameTickBatches(source);
    source.give('a');
    expect(await batches.next()).toEqual({ done: false, value: ['a'] });
    source.give('b');
    await turn();
    source.fail(new Error('model gone'));
    expect(await batches.next()).toEqual({ done: false, value: ['b'] });
    await expect(batches.next()).rejects.toThrow('model gone');
    expect(await batches.next()).toEqual({ done: true, value: undefined });
  });

  it('stops the source at its next piece once the reader has stopped', async () => {
    const source = new Fed<string>();
    const batches = sameTickBatches(source);
    source.give('a');
    for await (const batch of batches) {
      expect(batch).toEqual(['a']);
      break;
    }
    expect(source.returned).toBe(false);
    source.give('b');
    await turn();
    expect(source.returned).toBe(true);
    expect(await batches.next()).toEqual({ done: true, value: undefined });
  });
});
