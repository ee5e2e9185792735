/**
 * Runs `work` every `intervalMs`, one run at a time (a tick that comes during a run waits for
 * it). A failed run is handed to `onError`, never thrown: the next tick tries again. The timer
 * does not keep the process alive.
 */
export class PeriodicTask {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Ticks every `intervalMs`, and once at once when `runNow`. A second start does nothing. */
  start(intervalMs: number, options: { readonly runNow: boolean }): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.running.then(() => this.work()).catch((error: unknown) => this.onError(error));
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref?.();
    if (options.runNow) tick();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** An error's message for a log line, whatever was thrown. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
