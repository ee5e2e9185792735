import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { messagingRepositoryContract } from '../../contracts/messaging-repositories.contract.js';
import { deliveryRepositoryContract } from '../../contracts/delivery-repository.contract.js';
import { callRepositoryContract } from '../../contracts/call-repositories.contract.js';
import { repositoryContract } from '../../contracts/repositories.contract.js';
import { signUpRepositoryContract } from '../../contracts/sign-up-repository.contract.js';
import { adminQueriesContract } from '../../contracts/admin-queries.contract.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** A throw-away database on the test server, so runs never see each other's rows. */
const withScratchDatabase = async <A>(work: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

describe.skipIf(!serverUrl)('PostgreSQL', () => {
  const openScratch = async () => {
    const name = `sb_test_${randomBytes(6).toString('hex')}`;
    await withScratchDatabase((client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
    return {
      uow: database.uow,
      close: async () => {
        await database.close();
        await withScratchDatabase((client) => client.query(`drop database if exists ${name}`));
      },
    };
  };
  repositoryContract('PostgreSQL', openScratch);
  callRepositoryContract('PostgreSQL', openScratch);
  signUpRepositoryContract('PostgreSQL', openScratch);
  messagingRepositoryContract('PostgreSQL', openScratch);
  deliveryRepositoryContract('PostgreSQL', openScratch);
  adminQueriesContract('PostgreSQL', openScratch);
});
