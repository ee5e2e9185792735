import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { PostgresEventBus } from '../../../src/adapters/postgres-listen-notify/postgres-event-bus.js';
import { eventBusContract } from '../../contracts/event-bus.contract.js';

eventBusContract(InProcessEventBus.name, async () => {
  const bus = new InProcessEventBus();
  return { publisher: bus, subscriber: bus, close: () => bus.close() };
});

const serverUrl = process.env.TEST_DATABASE_URL;

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

describe.skipIf(!serverUrl)('PostgreSQL', () => {
  eventBusContract(PostgresEventBus.name, async () => {
    const name = `sb_bus_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' }); // migrations: event_bus_payloads
    await database.close();
    // Two instances, as two processes would have: one publishes, the other listens.
    const publisher = new PostgresEventBus(url.toString());
    const subscriber = new PostgresEventBus(url.toString());
    return {
      publisher,
      subscriber,
      close: async () => {
        await publisher.close();
        await subscriber.close();
        await admin(`drop database if exists ${name} with (force)`);
      },
    };
  });
});
