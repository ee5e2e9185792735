/** Stops a scheduled callback; calling it after the callback ran does nothing. */
export type CancelTimer = () => void;

/**
 * Monotonic time and one-shot callbacks: what live calls' silence and duration limits run on.
 * The system adapter uses `performance.now()` and `setTimeout`; tests move a fake by hand.
 */
export interface Timers {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `fire` once, `ms` from now, unless cancelled first. */
  after(ms: number, fire: () => void): CancelTimer;
}
