import type { CallEvent, EventBus, Unsubscribe } from '../../application/ports/event-bus.js';
import type { Logger } from '../../application/ports/logger.js';

/** Call events within one process: listeners run synchronously, in publishing order. */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<(event: CallEvent) => void>>();

  constructor(private readonly logger?: Logger) {}

  async publish(event: CallEvent): Promise<void> {
    this.deliver(event);
  }

  /** Synchronous delivery, for publishers that need not wait. */
  deliver(event: CallEvent): void {
    const listeners = this.listeners.get(event.callId);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.error({ callId: event.callId, err: String(error) }, 'call event listener failed');
      }
    }
  }

  async subscribe(callId: string, listener: (event: CallEvent) => void): Promise<Unsubscribe> {
    let set = this.listeners.get(callId);
    if (!set) this.listeners.set(callId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(callId) === set) this.listeners.delete(callId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
