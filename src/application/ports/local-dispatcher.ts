import type { DeliveryTrigger, QueuedEvent } from './webhook-repositories.js';

/** This process's webhook dispatcher, as far as events handed over by a unit of work need it. */
export interface LocalDispatcher extends DeliveryTrigger {
  /**
   * How long events it will send itself are kept from other dispatchers' claims; null when it
   * will not send them (it is stopped, or full).
   */
  leaseFor(now: Date): Date | null;
  /** Sends events queued with its lease, as if it had just claimed them. */
  take(events: readonly QueuedEvent[]): void;
}
