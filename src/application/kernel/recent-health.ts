import type { Clock } from '../ports/clock.js';

/**
 * The service's health from a recent probe of the store: a health check that is polled hard
 * (load balancers, uptime monitors, a benchmark) costs at most one probe per `freshForMs`,
 * and callers arriving while a probe runs share it. A probe that throws counts as unhealthy.
 */
export class RecentHealth {
  private last: { readonly healthy: boolean; readonly at: number } | null = null;
  private running: Promise<boolean> | null = null;

  constructor(
    private readonly deps: {
      readonly probe: () => Promise<void>;
      readonly clock: Clock;
      /** How long a probe's answer stands; one second keeps a failing store visible within one. */
      readonly freshForMs: number;
    },
  ) {}

  /** The last probe's answer while it is fresh, otherwise null (ask {@link healthy}). */
  fresh(): boolean | null {
    const last = this.last;
    return last && this.deps.clock.now().getTime() - last.at < this.deps.freshForMs ? last.healthy : null;
  }

  healthy(): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    if (this.last && now - this.last.at < this.deps.freshForMs) return Promise.resolve(this.last.healthy);
    this.running ??= this.deps.probe().then(
      () => this.settle(true),
      () => this.settle(false),
    );
    return this.running;
  }

  private settle(healthy: boolean): boolean {
    // Stamped when the probe answers: the answer is as old as that, not as the question.
    this.last = { healthy, at: this.deps.clock.now().getTime() };
    this.running = null;
    return healthy;
  }
}
