import type { AccessEvent, CallEvent, EventBus, Unsubscribe } from '../../application/ports/event-bus.js';
import type { Logger } from '../../application/ports/logger.js';
import { AccessListeners } from '../../application/kernel/access-listeners.js';
import { CallListeners } from '../../application/kernel/call-listeners.js';

/** Call and access events within one process: listeners run synchronously, in publishing order. */
export class InProcessEventBus implements EventBus {
  private readonly listeners: CallListeners;
  private readonly access: AccessListeners;

  constructor(logger?: Logger) {
    this.listeners = new CallListeners(logger);
    this.access = new AccessListeners(logger);
  }

  async publish(event: CallEvent): Promise<void> {
    this.deliver(event);
  }

  /** Synchronous delivery, for publishers that need not wait. */
  deliver(event: CallEvent): void {
    this.listeners.deliver(event);
  }

  async subscribe(callId: string, listener: (event: CallEvent) => void): Promise<Unsubscribe> {
    return this.listeners.add(callId, listener);
  }

  async publishAccess(event: AccessEvent): Promise<void> {
    this.access.deliver(event);
  }

  async subscribeAccess(listener: (event: AccessEvent) => void): Promise<Unsubscribe> {
    return this.access.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.access.clear();
  }
}
