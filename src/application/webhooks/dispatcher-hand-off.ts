import type { Clock } from '../ports/clock.js';
import type {
  DeliveryRepository,
  DeliveryTrigger,
  EventHandOff,
  QueuedEvent,
  SendAfterCommit,
} from '../ports/webhook-repositories.js';
import type { LocalDispatcher } from '../ports/local-dispatcher.js';

const nothingToSend: SendAfterCommit = () => undefined;

/**
 * Hands a unit of work's events to this process's dispatcher: queued under its lease when it
 * has room (then taken after the commit, without a claim), else queued for any dispatcher's
 * claim and the dispatcher poked. Should the process die first, the lease runs out and a
 * claim takes them.
 */
export class DispatcherHandOff implements EventHandOff {
  constructor(
    private readonly dispatcher: LocalDispatcher,
    private readonly clock: Clock,
  ) {}

  async queue(outbox: DeliveryRepository, events: readonly QueuedEvent[]): Promise<SendAfterCommit> {
    if (events.length === 0) return nothingToSend;
    const heldUntil = this.dispatcher.leaseFor(this.clock.now());
    await outbox.enqueue(
      events.map(({ delivery }) => delivery),
      heldUntil,
    );
    return heldUntil ? () => this.dispatcher.take(events) : () => this.dispatcher.poke();
  }
}

/** For a process that sends no events itself: they wait for a claim, and `trigger` hears of them after the commit. */
export class ClaimedHandOff implements EventHandOff {
  constructor(private readonly trigger: DeliveryTrigger) {}

  async queue(outbox: DeliveryRepository, events: readonly QueuedEvent[]): Promise<SendAfterCommit> {
    if (events.length === 0) return nothingToSend;
    await outbox.enqueue(events.map(({ delivery }) => delivery));
    return () => this.trigger.poke();
  }
}
