import type { CancelTimer, Timers } from '../../application/ports/timers.js';

/**
 * `performance.now()` and `setTimeout`. Timers are unref'd: a live call's silence limit must
 * not keep a closing process alive.
 */
export class NodeTimers implements Timers {
  now(): number {
    return performance.now();
  }

  after(ms: number, fire: () => void): CancelTimer {
    const handle = setTimeout(fire, Math.max(0, ms));
    handle.unref();
    return () => clearTimeout(handle);
  }
}
