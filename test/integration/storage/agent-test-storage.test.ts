import { rm } from 'node:fs/promises';
import { afterAll, describe } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { agentTestContract } from '../../contracts/agent-test.contract.js';
import { aScratchPostgresStore } from '../../contracts/store-harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

agentTestContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));

agentTestContract('PGlite', async () => {
  const dir = await aMigratedDataDir('switchboard-agent-tests-');
  tempDirs.push(dir);
  return openDatabase({ dataDir: dir });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL', () => {
  agentTestContract('PostgreSQL', () => aScratchPostgresStore(serverUrl!));
});
