import type { Clock } from '../../application/ports/clock.js';
import type { CancelTimer, Timers } from '../../application/ports/timers.js';

/**
 * The clock of scenario tests: it runs with real time (an answer's latency is what it took) and
 * jumps ahead when told to ({@link skip}, a caller staying quiet). Scheduled callbacks (silence
 * and duration limits) fire only on a jump, so a slow agent never trips a limit by chance: a
 * run depends on the script, not on how busy the machine is.
 */
export class SimulatedTime implements Timers {
  private skipped = 0;
  private sequence = 0;
  private readonly pending = new Map<number, { readonly at: number; readonly fire: () => void }>();
  private readonly origin: number;

  constructor(
    /** Real now by default: a webhook agent checks its signature's timestamp against its own clock. */
    private readonly wallStart: Date = new Date(),
    private readonly real: () => number = () => performance.now(),
  ) {
    this.origin = real();
  }

  now(): number {
    return this.real() - this.origin + this.skipped;
  }

  /** The wall clock, moving with {@link now}. */
  readonly clock: Clock = { now: () => new Date(this.wallStart.getTime() + this.now()) };

  after(ms: number, fire: () => void): CancelTimer {
    const id = ++this.sequence;
    this.pending.set(id, { at: this.now() + Math.max(0, ms), fire });
    return () => void this.pending.delete(id);
  }

  /** Jumps `ms` ahead, firing in time order every callback due by then (those they schedule included). */
  skip(ms: number): void {
    const until = this.now() + ms;
    for (;;) {
      const next = [...this.pending.entries()].filter(([, p]) => p.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.pending.delete(next[0]);
      this.skipped += Math.max(0, next[1].at - this.now());
      next[1].fire();
    }
    this.skipped += Math.max(0, until - this.now());
  }
}
