import type { AccessEvent, Unsubscribe } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';

/** The subscribers of access events, as every EventBus adapter keeps them: one that throws is logged and does not stop the others. */
export class AccessListeners {
  private readonly listeners = new Set<(event: AccessEvent) => void>();

  constructor(private readonly logger?: Logger) {}

  add(listener: (event: AccessEvent) => void): Unsubscribe {
    // A wrapper of its own, so that the same function subscribed twice is two subscriptions.
    const entry = (event: AccessEvent) => listener(event);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  deliver(event: AccessEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.error({ access: event.type, err: String(error) }, 'access event listener failed');
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
