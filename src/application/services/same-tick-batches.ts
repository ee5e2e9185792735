/**
 * Regroups a stream into batches of what it produced within one turn of the event loop: the
 * pieces one network read parsed go out together, a piece that arrives alone goes out at once
 * (one `setImmediate` after it arrived, once the microtasks of its arrival have run). Nothing is
 * held for longer than that, and the first piece not at all: it goes out alone the moment it
 * arrives, since the caller is waiting on it, while a busy event loop can take milliseconds to
 * reach its next `setImmediate` (what arrives with it follows as the next batch). An error of the source comes after the batch of what preceded it;
 * a consumer that stops early makes the source stop at its next piece. `arrived` hears each
 * piece as it comes (timing figures), before it waits for its batch.
 */
export async function* sameTickBatches<T>(source: AsyncIterable<T>, arrived?: () => void): AsyncGenerator<T[]> {
  let queue: T[] = [];
  let finished = false;
  let failure: { readonly error: unknown } | null = null;
  let stopped = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  void (async () => {
    try {
      for await (const item of source) {
        if (stopped) return;
        arrived?.();
        queue.push(item);
        notify();
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      notify();
    }
  })();
  let first = true;
  try {
    for (;;) {
      if (queue.length === 0 && !finished) await new Promise<void>((resolve) => (wake = resolve));
      // Whatever else this turn of the loop produces joins the piece that woke us.
      if (!first && queue.length > 0 && !finished) await new Promise<void>((resolve) => setImmediate(resolve));
      first = false;
      const batch = queue;
      queue = [];
      if (batch.length > 0) yield batch;
      if (queue.length === 0 && finished) {
        if (failure) throw (failure as { readonly error: unknown }).error;
        return;
      }
    }
  } finally {
    stopped = true;
  }
}
