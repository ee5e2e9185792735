import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { poolOf, TransactionRolledBack } from '../../../src/adapters/mikro-orm/native-select.js';
import { DuplicateKey } from '../../../src/application/ports/repositories.js';
import { aContact, aProject, newId } from '../../support/builders.js';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratch-database.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

/**
 * The MikroORM unit of work's transactions, begun on a pooled connection without knex's
 * transaction: what the storage contracts cannot see through the ports. On PGlite (one
 * connection: a connection not handed back would stall every unit of work after it) and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
const transactionsOf = (name: string, open: () => Promise<{ readonly database: Database; readonly close: () => Promise<void> }>) =>
  describe(`${name} unit of work`, () => {
    let database: Database;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ database, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });
    const stored = (projectId: string) => database.uow.transaction(async (tx) => E.right(await tx.projects.findById(projectId)));

    it('stores nothing, and says so, when a statement failed and the work went on to answer Right', async () => {
      const project = aProject();
      const first = aContact({ projectId: project.id });
      await database.uow.transaction(async (tx) => E.right(await tx.contacts.save(first)));
      const bystander = aProject();

      const outcome = database.uow.transaction(async (tx) => {
        await tx.projects.save(bystander);
        const failed = await tx.contacts.save(aContact({ projectId: project.id, phoneNumber: first.phoneNumber })).catch((error: unknown) => error);
        expect(failed).toBeInstanceOf(DuplicateKey);
        return E.right('went on');
      });

      await expect(outcome).rejects.toBeInstanceOf(TransactionRolledBack);
      expect(await stored(bystander.id)).toEqual(E.right(null));
    });

    it('hands its connection back after a throw, a Left and a rolled-back commit: the units of work after them run', async () => {
      await expect(database.uow.transaction(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await database.uow.transaction(async () => E.left('undone'))).toEqual(E.left('undone'));
      const failing = await database.uow
        .transaction(async (tx) => {
          await tx.projects.lockById(newId('prj'));
          await tx.projects.save({ ...aProject(), id: null as unknown as string }).catch(() => undefined); // refused: no id
          return E.right(null);
        })
        .catch((error: unknown) => error);
      expect(failing).toBeInstanceOf(TransactionRolledBack);

      const projects = Array.from({ length: 12 }, () => aProject());
      const saved = await Promise.all(projects.map((p) => database.uow.transaction(async (tx) => E.right(await tx.projects.save(p)))));
      expect(saved).toEqual(projects.map(() => E.right(undefined)));
      for (const p of projects) expect(await stored(p.id)).toEqual(E.right(p));
    });

    it('begins its transaction at the first statement that writes or locks: a unit of work that only reads takes no connection of the pool', async () => {
      const project = aProject();
      await database.uow.transaction(async (tx) => E.right(await tx.projects.save(project)));
      const acquired = vi.spyOn(poolOf(database.orm.em), 'acquireConnection');
      try {
        const reads = await Promise.all([
          database.uow.transaction(async (tx) => E.right(await tx.projects.findById(project.id))),
          database.uow.transaction(async (tx) => E.right(await tx.numbers.countEverProvisioned(project.id))),
        ]);
        expect(reads).toEqual([E.right(project), E.right(0)]);
        expect(acquired).not.toHaveBeenCalled();

        const renamed = { ...project, name: 'Renamed' };
        const written = await database.uow.transaction(async (tx) => {
          const before = await tx.projects.findById(project.id);
          await tx.projects.lockById(project.id);
          await tx.projects.save(renamed);
          return E.left(before);
        });
        expect(written).toEqual(E.left(project));
        expect(acquired).toHaveBeenCalledTimes(1);
        expect(await stored(project.id)).toEqual(E.right(project));
      } finally {
        acquired.mockRestore();
      }
    });

    it("begins no transaction of knex's or MikroORM's own", async () => {
      const connection = database.orm.em.getConnection('write');
      const knex = connection.getKnex();
      const spies = [vi.spyOn(connection, 'begin'), vi.spyOn(knex, 'transaction'), vi.spyOn(database.orm.em, 'transactional')];
      try {
        const project = aProject();
        expect(await database.uow.transaction(async (tx) => E.right(await tx.projects.save(project)))).toEqual(E.right(undefined));
        expect(await stored(project.id)).toEqual(E.right(project));
        for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });
  });

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

transactionsOf('PGlite', async () => {
  const dataDir = await aMigratedDataDir('switchboard-pg-uow-');
  dataDirs.push(dataDir);
  const database = await openDatabase({ dataDir });
  return { database, close: () => database.close() };
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL', () => {
  transactionsOf('PostgreSQL', async () => {
    const scratch: ScratchDatabase = await createScratchDatabase(serverUrl!, 'sb_uow');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    return {
      database,
      close: async () => {
        await database.close();
        await scratch.drop();
      },
    };
  });
});
