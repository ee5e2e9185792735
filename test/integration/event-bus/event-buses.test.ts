import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { PostgresEventBus } from '../../../src/adapters/postgres-listen-notify/postgres-event-bus.js';
import type { CallEvent } from '../../../src/application/ports/event-bus.js';
import { eventBusContract } from '../../contracts/event-bus.contract.js';
import { aTurn } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { createScratchDatabase } from '../../support/scratch-database.js';

eventBusContract(InProcessEventBus.name, async () => {
  const bus = new InProcessEventBus();
  return { publisher: bus, subscriber: bus, close: () => bus.close() };
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL', () => {
  eventBusContract(PostgresEventBus.name, async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_bus');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' }); // migrations: event_bus_payloads
    await database.close();
    // Two instances, as two processes would have: one publishes, the other listens.
    const publisher = new PostgresEventBus(scratch.url);
    const subscriber = new PostgresEventBus(scratch.url);
    return {
      publisher,
      subscriber,
      close: async () => {
        await publisher.close();
        await subscriber.close();
        await scratch.drop();
      },
    };
  });
});

describe.skipIf(!serverUrl)(`${PostgresEventBus.name} notices`, () => {
  it('sends the events published while a notice is on its way together, in one notice', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_bus');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    await database.close();
    const bus = new PostgresEventBus(scratch.url);
    const raw = new pg.Client({ connectionString: scratch.url });
    const notices: string[] = [];
    try {
      await raw.connect();
      raw.on('notification', (message) => notices.push(message.payload ?? ''));
      await raw.query('LISTEN switchboard_call_events');
      const callId = `call_${Math.random().toString(36).slice(2)}`;
      const heard: CallEvent[] = [];
      await bus.subscribe(callId, (event) => heard.push(event));
      const sent: CallEvent[] = Array.from({ length: 40 }, (_, i) => ({ type: 'turn', callId, turn: aTurn(callId, i + 1) }));

      await bus.publish(sent[0]!);
      await Promise.all(sent.slice(1).map((event) => bus.publish(event)));
      // The raw listener is a connection of its own: its notices may come after the bus's.
      const carried = () => notices.reduce((n, notice) => n + ((JSON.parse(notice) as { events?: unknown[] }).events?.length ?? 1), 0);
      await eventually(() => heard.length >= 40 && carried() >= 40, { what: () => `40 events heard and seen; got ${heard.length}, ${carried()}` });

      expect(heard).toEqual(sent);
      // The first alone; the 39 published at once in as few notices as NOTIFY's size allows.
      expect(notices.length).toBeGreaterThanOrEqual(2);
      expect(notices.length).toBeLessThanOrEqual(2 + Math.ceil(39 / 15));
      expect(JSON.parse(notices[0]!)).toMatchObject({ event: { callId } });
      expect(JSON.parse(notices[1]!).events.length).toBeGreaterThan(1);
    } finally {
      await raw.end();
      await bus.close();
      await scratch.drop();
    }
  });
});
