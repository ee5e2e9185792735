import { rm } from 'node:fs/promises';
import { afterAll, describe } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { knowledgeVectorsContract } from '../../contracts/knowledge-vectors.contract.js';
import { aScratchPostgresStore } from '../../contracts/store-harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

knowledgeVectorsContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));

knowledgeVectorsContract('PGlite', async () => {
  const dir = await aMigratedDataDir('switchboard-knowledge-vectors-');
  tempDirs.push(dir);
  return openDatabase({ dataDir: dir });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL', () => {
  knowledgeVectorsContract('PostgreSQL', () => aScratchPostgresStore(serverUrl!));
});
