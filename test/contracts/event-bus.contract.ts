import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessEvent, CallEvent, EventBus } from '../../src/application/ports/event-bus.js';
import { aTurn } from '../support/builders.js';
import { eventually } from '../support/eventually.js';

export interface OpenedBuses {
  /** Where events are published (for a distributed bus: another process's instance). */
  readonly publisher: EventBus;
  readonly subscriber: EventBus;
  close(): Promise<void>;
}

const received = (events: CallEvent[], count: number) =>
  eventually(() => events.length >= count, { what: () => `${count} events; got ${events.length}` });

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
        { type: 'turn', callId, turn: aTurn(callId, 1) },
        { type: 'turn', callId, turn: aTurn(callId, 2, { content: 'x'.repeat(20_000), interrupted: true }) }, // past NOTIFY's 8000 bytes
        { type: 'turn', callId, turn: aTurn(callId, 3) },
        { type: 'unanswered', callId, turnSequence: 3, reason: { kind: 'webhook_failed', httpStatus: 502, error: 'HTTP 502' } },
        { type: 'ended', callId, status: 'completed' },
      ];

      for (const event of sent) await buses.publisher.publish(event);
      await received(events, 5);

      expect(events).toEqual(sent);
    });

    it('delivers events published at once, of several calls and sizes, each call’s in publishing order', async () => {
      const calls = [0, 1, 2].map(() => `call_${Math.random().toString(36).slice(2)}`);
      const heard = new Map<string, CallEvent[]>(calls.map((id) => [id, []]));
      for (const id of calls) await buses.subscriber.subscribe(id, (event) => heard.get(id)!.push(event));
      // Enough of them, and long enough, that they cannot all travel together.
      const sent: CallEvent[] = Array.from({ length: 60 }, (_, i) => {
        const callId = calls[i % 3]!;
        const content = i === 31 ? 'y'.repeat(9_000) : `turn ${i} ${'z'.repeat(i * 20)}`;
        return { type: 'turn', callId, turn: aTurn(callId, i + 1, { content }) };
      });

      await Promise.all(sent.map((event) => buses.publisher.publish(event)));
      await eventually(() => [...heard.values()].every((events) => events.length >= 20), { what: () => `20 events a call; got ${[...heard.values()].map((e) => e.length)}` });

      for (const id of calls) expect(heard.get(id)).toEqual(sent.filter((event) => event.callId === id));
    });

    it('keeps calls apart and stops delivering after unsubscribe', async () => {
      const mine = `call_${Math.random().toString(36).slice(2)}`;
      const other = `call_${Math.random().toString(36).slice(2)}`;
      const marker = `call_${Math.random().toString(36).slice(2)}`;
      const events: CallEvent[] = [];
      const markers: CallEvent[] = [];
      const unsubscribe = await buses.subscriber.subscribe(mine, (event) => events.push(event));
      await buses.subscriber.subscribe(marker, (event) => markers.push(event));
      const first = aTurn(mine, 1);

      await buses.publisher.publish({ type: 'turn', callId: other, turn: aTurn(other, 1) });
      await buses.publisher.publish({ type: 'turn', callId: mine, turn: first });
      await received(events, 1);
      unsubscribe();
      await buses.publisher.publish({ type: 'ended', callId: mine, status: 'failed' });
      // One publisher's events arrive in publishing order: once this later one is in, the one
      // before it has been handed to whoever still listened.
      await buses.publisher.publish({ type: 'ended', callId: marker, status: 'completed' });
      await received(markers, 1);

      expect(events).toEqual([{ type: 'turn', callId: mine, turn: first }]);
    });

    it('announces access changes to every subscriber, the publishing process’s own included, until unsubscribed', async () => {
      const heard: AccessEvent[] = [];
      const ownHeard: AccessEvent[] = [];
      const unsubscribe = await buses.subscriber.subscribeAccess((event) => heard.push(event));
      const unsubscribeOwn = await buses.publisher.subscribeAccess((event) => ownHeard.push(event));
      const keyId = `key_${Math.random().toString(36).slice(2)}`;
      const projectId = `prj_${Math.random().toString(36).slice(2)}`;

      await buses.publisher.publishAccess({ type: 'key-revoked', keyId });
      await buses.publisher.publishAccess({ type: 'project-suspended', projectId });
      await eventually(() => heard.length >= 2 && ownHeard.length >= 2, { what: () => `2 access events each; got ${heard.length}, ${ownHeard.length}` });

      expect(heard).toEqual([{ type: 'key-revoked', keyId }, { type: 'project-suspended', projectId }]);
      expect(ownHeard).toEqual(heard);

      unsubscribe();
      unsubscribeOwn();
      const marker: AccessEvent[] = [];
      await buses.subscriber.subscribeAccess((event) => marker.push(event));
      await buses.publisher.publishAccess({ type: 'key-revoked', keyId: 'key_after' });
      await eventually(() => marker.length >= 1, { what: () => 'the marker' });
      expect(heard).toHaveLength(2);
      expect(ownHeard).toHaveLength(2);
    });
  });
};
