import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallEvent, EventBus } from '../../src/application/ports/event-bus.js';
import type { TranscriptTurn } from '../../src/domain/call.js';

export interface OpenedBuses {
  /** Where events are published (for a distributed bus: another process's instance). */
  readonly publisher: EventBus;
  readonly subscriber: EventBus;
  close(): Promise<void>;
}

const turn = (callId: string, sequence: number, content = `words ${sequence}`): TranscriptTurn => ({
  id: `turn_${callId}_${sequence}`,
  callId,
  role: 'user',
  content,
  createdAt: new Date(Date.UTC(2026, 2, 1, 12, 0, sequence, 250)),
  interrupted: sequence === 2,
  sequence,
});

const received = async (events: CallEvent[], count: number) => {
  const deadline = Date.now() + 5000;
  while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
};

/** What every EventBus adapter must do. */
export const eventBusContract = (name: string, open: () => Promise<OpenedBuses>) => {
  describe(`${name} event bus`, () => {
    let buses: OpenedBuses;
    beforeAll(async () => {
      buses = await open();
    });
    afterAll(async () => {
      await buses?.close();
    });

    it('delivers a call’s events to its subscribers, in publishing order, dates intact, large ones too', async () => {
      const callId = `call_${Math.random().toString(36).slice(2)}`;
      const events: CallEvent[] = [];
      await buses.subscriber.subscribe(callId, (event) => events.push(event));
      const sent: CallEvent[] = [
        { type: 'turn', callId, turn: turn(callId, 1) },
        { type: 'turn', callId, turn: turn(callId, 2, 'x'.repeat(20_000)) }, // past NOTIFY's 8000 bytes
        { type: 'turn', callId, turn: turn(callId, 3) },
        { type: 'ended', callId, status: 'completed' },
      ];

      for (const event of sent) await buses.publisher.publish(event);
      await received(events, 4);

      expect(events).toEqual(sent);
    });

    it('keeps calls apart and stops delivering after unsubscribe', async () => {
      const mine = `call_${Math.random().toString(36).slice(2)}`;
      const other = `call_${Math.random().toString(36).slice(2)}`;
      const events: CallEvent[] = [];
      const unsubscribe = await buses.subscriber.subscribe(mine, (event) => events.push(event));

      await buses.publisher.publish({ type: 'turn', callId: other, turn: turn(other, 1) });
      await buses.publisher.publish({ type: 'turn', callId: mine, turn: turn(mine, 1) });
      await received(events, 1);
      unsubscribe();
      await buses.publisher.publish({ type: 'ended', callId: mine, status: 'failed' });
      await new Promise((r) => setTimeout(r, 100));

      expect(events).toEqual([{ type: 'turn', callId: mine, turn: turn(mine, 1) }]);
    });
  });
};
