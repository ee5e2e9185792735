/**
 * Runs work submitted one item at a time in batches: while a batch is being written, the items
 * that arrive wait and then go together as the next one (group commit). At low load a batch is
 * a single item that starts at once; under load, batches grow by themselves to what arrived
 * during the previous write, so a unit of work's fixed cost (its round trips and its commit)
 * is shared instead of paid by every item.
 *
 * `run` answers each item of a batch, in order. When it throws, the batch's items are run
 * again one by one, so an item that cannot be stored fails alone and its neighbours are not
 * turned away with it; an error `isShared` says touches every item (the database is down) is
 * answered to all of them at once.
 */
export class GroupCommit<I, O> {
  private queue: { readonly item: I; readonly resolve: (output: O) => void; readonly reject: (error: unknown) => void }[] = [];
  private draining = false;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly O[]>,
    private readonly options: { readonly maxBatch: number; readonly isShared: (error: unknown) => boolean },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.draining) return;
      this.draining = true;
      // Items submitted in the same turn of the event loop join the first batch.
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch);
        await this.settle(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async settle(batch: typeof this.queue): Promise<void> {
    try {
      const outputs = await this.run(batch.map(({ item }) => item));
      batch.forEach(({ resolve }, i) => resolve(outputs[i]!));
    } catch (error) {
      if (batch.length === 1 || this.options.isShared(error)) {
        for (const { reject } of batch) reject(error);
        return;
      }
      for (const one of batch) await this.settle([one]);
    }
  }
}
