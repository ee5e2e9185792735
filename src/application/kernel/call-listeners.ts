import type { CallEvent, Unsubscribe } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';

/**
 * The subscribers of each call, as every EventBus adapter keeps them: a listener that throws
 * is logged and does not stop the others.
 */
export class CallListeners {
  private readonly byCall = new Map<string, Set<(event: CallEvent) => void>>();

  constructor(private readonly logger?: Logger) {}

  has(callId: string): boolean {
    return this.byCall.has(callId);
  }

  add(callId: string, listener: (event: CallEvent) => void): Unsubscribe {
    let set = this.byCall.get(callId);
    if (!set) this.byCall.set(callId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byCall.get(callId) === set) this.byCall.delete(callId);
    };
  }

  deliver(event: CallEvent): void {
    const listeners = this.byCall.get(event.callId);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.error({ callId: event.callId, err: String(error) }, 'call event listener failed');
      }
    }
  }

  clear(): void {
    this.byCall.clear();
  }
}
