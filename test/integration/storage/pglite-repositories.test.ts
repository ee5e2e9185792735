import { MikroOrmUsageQuery } from '../../../src/adapters/mikro-orm/mikro-orm-usage-query.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { messagingRepositoryContract } from '../../contracts/messaging-repositories.contract.js';
import { agentPageQueryContract } from '../../contracts/agent-page-query.contract.js';
import { agentQueryContract } from '../../contracts/agent-query.contract.js';
import { contactListQueryContract } from '../../contracts/contact-list-query.contract.js';
import { numberListQueryContract } from '../../contracts/number-list-query.contract.js';
import { conversationQueryContract } from '../../contracts/conversation-query.contract.js';
import { numberMessagesQueryContract } from '../../contracts/number-messages-query.contract.js';
import { ledgerQueryContract } from '../../contracts/ledger-query.contract.js';
import { callPageQueryContract } from '../../contracts/call-page-query.contract.js';
import { conversationPageQueryContract } from '../../contracts/conversation-page-query.contract.js';
import { conversationMessagesQueryContract } from '../../contracts/conversation-messages-query.contract.js';
import { projectQueriesContract } from '../../contracts/project-queries.contract.js';
import { deliveryLogQueryContract } from '../../contracts/delivery-log-query.contract.js';
import { deliveryRepositoryContract } from '../../contracts/delivery-repository.contract.js';
import { callRepositoryContract } from '../../contracts/call-repositories.contract.js';
import { repositoryContract } from '../../contracts/repositories.contract.js';
import { signUpRepositoryContract } from '../../contracts/sign-up-repository.contract.js';
import { adminQueriesContract } from '../../contracts/admin-queries.contract.js';
import { webCallCredentialsContract } from '../../contracts/web-call-credentials.contract.js';
import { hostedStorageContract } from '../../contracts/hosted-storage.contract.js';
import { campaignRepositoriesContract } from '../../contracts/campaign-repositories.contract.js';
import { backlogQueryContract } from '../../contracts/backlog-query.contract.js';
import { usageQueryContract } from '../../contracts/usage-query.contract.js';
import { subAccountStorageContract } from '../../contracts/sub-account-storage.contract.js';
import { aProject } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { emptyStore } from '../../support/emptied-store.js';

const tempDirs: string[] = [];
/** A data directory holding a migrated store, or an empty one where the first open makes it. */
const newDataDir = async ({ migrated = true } = {}): Promise<string> => {
  const dir = migrated ? await aMigratedDataDir('switchboard-pglite-') : await mkdtemp(join(tmpdir(), 'switchboard-pglite-'));
  tempDirs.push(dir);
  return dir;
};
/**
 * One migrated store for the contracts, emptied before each (see emptyStore): a store of their own
 * cost each a PGlite start and a copy of the template, most of this file's time.
 */
let shared: Promise<Database> | undefined;
const anEmptiedStore = async (): Promise<Database> => {
  shared ??= newDataDir().then((dataDir) => openDatabase({ dataDir }));
  const database = await shared;
  await emptyStore(database);
  // Closed once, after the file's last contract.
  return { ...database, close: async () => {} };
};
afterAll(async () => {
  await (await shared)?.close();
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

repositoryContract('PGlite', anEmptiedStore);
subAccountStorageContract('PGlite', anEmptiedStore);
callRepositoryContract('PGlite', anEmptiedStore);
signUpRepositoryContract('PGlite', anEmptiedStore);
deliveryRepositoryContract('PGlite', anEmptiedStore);
messagingRepositoryContract('PGlite', anEmptiedStore);
adminQueriesContract('PGlite', anEmptiedStore);
webCallCredentialsContract('PGlite', anEmptiedStore);
hostedStorageContract('PGlite', anEmptiedStore);
campaignRepositoriesContract('PGlite', anEmptiedStore);
backlogQueryContract('PGlite', anEmptiedStore);
usageQueryContract('PGlite', async () => {
  const database = await anEmptiedStore();
  return { uow: database.uow, usage: new MikroOrmUsageQuery(database.uow.reads), close: () => database.close() };
});
agentPageQueryContract('PGlite', anEmptiedStore);
agentQueryContract('PGlite', anEmptiedStore);
contactListQueryContract('PGlite', anEmptiedStore);
numberListQueryContract('PGlite', anEmptiedStore);
conversationQueryContract('PGlite', anEmptiedStore);
numberMessagesQueryContract('PGlite', anEmptiedStore);
ledgerQueryContract('PGlite', anEmptiedStore);
callPageQueryContract('PGlite', anEmptiedStore);
conversationPageQueryContract('PGlite', anEmptiedStore);
conversationMessagesQueryContract('PGlite', anEmptiedStore);
projectQueriesContract('PGlite', anEmptiedStore);
deliveryLogQueryContract('PGlite', anEmptiedStore);

describe('embedded PGlite database', () => {
  let dataDir: string;
  let sut: Database;
  beforeAll(async () => {
    dataDir = await newDataDir({ migrated: false });
    sut = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await sut?.close();
  });

  const project = aProject();

  it('applies the migrations on first open', () => {
    expect(sut.kind).toBe('pglite');
    expect(sut.applied).toContain('Migration20261121000000_foundation');
  });

  it('refuses a second open of the same data directory while it is open', async () => {
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `${dataDir} is in use by another Switchboard process (pid ${process.pid})`,
    );
    await expect(sut.uow.ping()).resolves.toBeUndefined();
  });

  it('keeps the data across close and reopen, taking over the lock of a dead process', async () => {
    await sut.uow.transaction(async (tx) => E.right(await tx.projects.save(project)));
    await sut.close();
    expect(await readdir(dataDir)).toEqual(['pgdata']); // lock and socket are gone

    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(join(dataDir, 'switchboard.lock'), String(deadPid));
    sut = await openDatabase({ dataDir });
    expect(existsSync(join(dataDir, 'switchboard.lock'))).toBe(true);
    expect(sut.applied).toEqual([]);
    const found = await sut.uow.transaction(async (tx) => E.right(await tx.projects.findById(project.id)));
    expect(found).toEqual(E.right(project));
  });

  it('commits and rolls back without entering an AsyncLocalStorage, which would switch on promise hooks for good', async () => {
    // Node 20 tracks async context with promise hooks once any AsyncLocalStorage is entered, and
    // never switches them off: a cost on every promise of every request after that.
    const entered = [vi.spyOn(AsyncLocalStorage.prototype, 'run'), vi.spyOn(AsyncLocalStorage.prototype, 'enterWith')];
    try {
      const other = aProject();
      await sut.uow.transaction(async (tx) => E.right(await tx.projects.save(other)));
      await sut.uow.transaction(async (tx) => {
        await tx.projects.save({ ...other, name: 'never kept' });
        return E.left('undone');
      });

      expect(await sut.uow.transaction(async (tx) => E.right(await tx.projects.findById(other.id)))).toEqual(E.right(other));
      for (const spy of entered) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of entered) spy.mockRestore();
    }
  });
});

describe('embedded PGlite maintenance', () => {
  /** What the planner believes the table holds: only VACUUM or ANALYZE update it. */
  const plannerRows = async (database: Database): Promise<number> => {
    const [row] = await database.orm.em.fork().execute<{ tuples: number }[]>(`select reltuples::int as tuples from pg_class where relname = 'projects'`);
    return row!.tuples;
  };

  it('vacuums and analyses the database now and then, since PGlite runs no autovacuum', async () => {
    const dataDir = await newDataDir();
    const untended = await openDatabase({ dataDir });
    await untended.uow.transaction(async (tx) => {
      for (const project of [aProject(), aProject(), aProject()]) await tx.projects.save(project);
      return E.right(undefined);
    });
    // Nothing to wait for: PGlite runs no autovacuum, and this database's own pass is ten minutes away.
    const before = await plannerRows(untended);
    await untended.close();

    const tended = await openDatabase({ dataDir, maintenanceIntervalMs: 50 });
    try {
      await eventually(async () => (await plannerRows(tended)) === 3, { what: 'the statistics to count the rows', within: 10_000 });
    } finally {
      await tended.close();
    }
    expect(before).not.toBe(3);
  });
});
