import { describe } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { PostgresEventBus } from '../../../src/adapters/postgres-listen-notify/postgres-event-bus.js';
import { eventBusContract } from '../../contracts/event-bus.contract.js';
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
