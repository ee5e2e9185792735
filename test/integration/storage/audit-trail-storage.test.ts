import { rm } from 'node:fs/promises';
import { afterAll, describe } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { auditEventQueryContract } from '../../contracts/audit-event-query.contract.js';
import { auditTrailContract } from '../../contracts/audit-trail.contract.js';
import { aScratchPostgresStore } from '../../contracts/store-harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

const tempDirs: string[] = [];
afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

const inMemory = async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} });
const pglite = async () => {
  const dir = await aMigratedDataDir('switchboard-audit-');
  tempDirs.push(dir);
  return openDatabase({ dataDir: dir });
};

auditTrailContract('in-memory', inMemory);
auditEventQueryContract('in-memory', inMemory);
auditTrailContract('PGlite', pglite);
auditEventQueryContract('PGlite', pglite);

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL', () => {
  auditTrailContract('PostgreSQL', () => aScratchPostgresStore(serverUrl!));
  auditEventQueryContract('PostgreSQL', () => aScratchPostgresStore(serverUrl!));
});
