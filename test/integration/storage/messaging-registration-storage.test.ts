import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { messagingRegistrationRepositoryContract } from '../../contracts/messaging-registration-repository.contract.js';
import { aScratchPostgresStore } from '../../contracts/store-harness.js';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

messagingRegistrationRepositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));

messagingRegistrationRepositoryContract('PGlite', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-registrations-'));
  tempDirs.push(dir);
  return openDatabase({ dataDir: dir });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL', () => {
  messagingRegistrationRepositoryContract('PostgreSQL', () => aScratchPostgresStore(serverUrl!));
});
