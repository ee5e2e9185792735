/** Something a Switchboard runs between `start()` and `close()`. */
export interface Worker {
  /** Absent: it runs from the moment it is built (an opened database, a socket server). */
  start?(): void | Promise<void>;
  stop(): void | Promise<void>;
}

interface Entry {
  readonly name: string;
  readonly worker: Worker;
  running: boolean;
}

/**
 * Everything one Switchboard runs, in the order the container built it. Each factory that
 * builds a worker registers it here; since the container builds a dependency before whatever
 * depends on it, `start()` starts dependencies first and `stop()`, in reverse, stops them last
 * (the dispatcher before the storage it writes to). `stop()` stops exactly what is running.
 */
export class Lifecycle {
  private readonly entries: Entry[] = [];

  /** Registers a worker the container just built; returns `value`, for the factory to hand on. */
  manage<T>(name: string, value: T, worker: Worker): T {
    this.entries.push({ name, worker, running: worker.start === undefined });
    return value;
  }

  /** The names of the workers running now, in start order. */
  running(): string[] {
    return this.entries.filter((entry) => entry.running).map((entry) => entry.name);
  }

  async start(): Promise<void> {
    for (const entry of this.entries) {
      if (entry.running) continue;
      await entry.worker.start?.();
      entry.running = true;
    }
  }

  /** Stops every running worker, newest first; a failing stop does not keep the others running. */
  async stop(): Promise<void> {
    const failures: unknown[] = [];
    for (const entry of [...this.entries].reverse()) {
      if (!entry.running) continue;
      entry.running = false;
      await Promise.resolve()
        .then(() => entry.worker.stop())
        .catch((error: unknown) => failures.push(error));
    }
    this.entries.length = 0;
    if (failures.length > 0) throw failures[0];
  }
}
