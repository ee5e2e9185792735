import type { AccessEvent, CallEvent, EventBus, KnowledgeEvent, Unsubscribe } from '../../application/ports/event-bus.js';
import type { Logger } from '../../application/ports/logger.js';
import { AccessListeners } from '../../application/kernel/access-listeners.js';
import { BroadcastListeners } from '../../application/kernel/broadcast-listeners.js';
import { CallListeners } from '../../application/kernel/call-listeners.js';

/** Call, access and knowledge events within one process: listeners run synchronously, in publishing order. */
export class InProcessEventBus implements EventBus {
  private readonly listeners: CallListeners;
  private readonly access: AccessListeners;
  private readonly knowledge: BroadcastListeners<KnowledgeEvent>;

  constructor(logger?: Logger) {
    this.listeners = new CallListeners(logger);
    this.access = new AccessListeners(logger);
    this.knowledge = new BroadcastListeners('knowledge', logger);
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

  async publishKnowledge(event: KnowledgeEvent): Promise<void> {
    this.knowledge.deliver(event);
  }

  async subscribeKnowledge(listener: (event: KnowledgeEvent) => void): Promise<Unsubscribe> {
    return this.knowledge.add(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.access.clear();
    this.knowledge.clear();
  }
}
