import type { Unsubscribe } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';

/**
 * The subscribers of events every process hears (access changes, knowledge changes), as every
 * EventBus adapter keeps them: one that throws is logged and does not stop the others.
 */
export class BroadcastListeners<E extends { readonly type: string }> {
  private readonly listeners = new Set<(event: E) => void>();

  constructor(
    private readonly kind: string,
    private readonly logger?: Logger,
  ) {}

  add(listener: (event: E) => void): Unsubscribe {
    // A wrapper of its own, so that the same function subscribed twice is two subscriptions.
    const entry = (event: E) => listener(event);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  deliver(event: E): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.error({ [this.kind]: event.type, err: String(error) }, `${this.kind} event listener failed`);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
