import type { CancelTimer, Timers } from '../../application/ports/timers.js';

/**
 * Timers that move only when told to, for tests of silence limits and waits (embedders' and
 * Switchboard's own): {@link advance} runs, in time order, every callback due by then
 * (callbacks scheduling more callbacks included).
 */
export class ManualTimers implements Timers {
  private time = 0;
  private sequence = 0;
  private readonly pending = new Map<number, { readonly at: number; readonly fire: () => void }>();

  now(): number {
    return this.time;
  }

  after(ms: number, fire: () => void): CancelTimer {
    const id = ++this.sequence;
    this.pending.set(id, { at: this.time + Math.max(0, ms), fire });
    return () => void this.pending.delete(id);
  }

  /** How many callbacks are waiting. */
  get scheduled(): number {
    return this.pending.size;
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = [...this.pending.entries()].filter(([, p]) => p.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.pending.delete(next[0]);
      this.time = next[1].at;
      next[1].fire();
    }
    this.time = until;
  }
}
