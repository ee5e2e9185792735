import * as E from 'fp-ts/lib/Either.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionFailure } from '../../../src/adapters/mikro-orm/connection-failures.js';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { recordsOf } from '../../../src/adapters/mikro-orm/sql-driver.js';
import { PipelinedPostgresReads } from '../../../src/adapters/mikro-orm/pipelined-postgres-reads.js';
import { DependencyUnavailable } from '../../../src/application/ports/dependency-unavailable.js';
import { DuplicateKey } from '../../../src/application/ports/repositories.js';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import { aContact, anAgent, aProject, at } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { createScratchDatabase, runOnServer, type ScratchDatabase } from '../../support/scratch-database.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Reads outside transactions on PostgreSQL go to one pipelined connection (postgres.js) rather
 * than the ORM's pool: many statements out at once on it, each answered with its own rows; one
 * failing alone; a lost connection reported as the database being unavailable, then reopened.
 */
describe.skipIf(!serverUrl)('pipelined reads on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  const project = aProject();
  const agents = Array.from({ length: 40 }, (_, i) => anAgent({ projectId: project.id, name: `Agent ${i}`, createdAt: at(i), updatedAt: at(i + 1) }));

  const sleepingOnServer = async (): Promise<boolean> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`select 1 from pg_stat_activity where datname = $1 and query = 'select pg_sleep(30)' and state = 'active'`, [scratch.name]);
      return rows.length === 1;
    } finally {
      await client.end();
    }
  };

  const read = <A>(work: (repos: Repositories) => Promise<E.Either<never, A>>) => database.uow.transaction(work);

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'sb_pipelined');
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.', readConnections: 1 });
    await database.uow.transaction(async (tx) => {
      await tx.projects.save(project);
      for (const agent of agents) await tx.agents.save(agent);
      return E.right(undefined);
    });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('answers many reads sent together each with its own row, timestamps intact', async () => {
    const found = await Promise.all(agents.map((agent) => read(async (repos) => E.right(await repos.agents.findById(project.id, agent.id)))));

    expect(found).toEqual(agents.map((agent) => E.right(agent)));
  });

  it('answers pages sent together each with its own rows and the total', async () => {
    const pages = await Promise.all(
      [0, 10, 20, 30, 40].map((offset) => read(async (repos) => E.right(await repos.agents.list(project.id, { limit: 10, offset })))),
    );

    expect(pages).toEqual([0, 10, 20, 30, 40].map((offset) => E.right({ items: agents.slice(offset, offset + 10), total: 40 })));
  });

  it('fails a statement PostgreSQL refuses alone: the driver error, while the reads around it are answered', async () => {
    const [before, refused, after] = await Promise.allSettled([
      read(async (repos) => E.right(await repos.agents.findById(project.id, agents[0]!.id))),
      read(async (repos) => E.right(await repos.agents.findById(project.id, 'agt_\u0000'))),
      read(async (repos) => E.right(await repos.agents.findById(project.id, agents[1]!.id))),
    ]);

    expect(before).toEqual({ status: 'fulfilled', value: E.right(agents[0]) });
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason).not.toBeInstanceOf(DependencyUnavailable);
    expect(after).toEqual({ status: 'fulfilled', value: E.right(agents[1]) });
  });

  it('reports a unique violation of the one write of a unit of work as DuplicateKey, naming the constraint', async () => {
    const contact = aContact({ projectId: project.id });
    const first = await database.uow.transaction(async (repos) => E.right(await repos.contacts.insertIfNumberFree(contact)));
    const sameId = await database.uow.transaction(async (repos) =>
      E.right(await repos.contacts.insertIfNumberFree({ ...contact, phoneNumber: aContact().phoneNumber })),
    ).catch((error: unknown) => error);

    expect(first).toEqual(E.right(true));
    expect(sameId).toEqual(new DuplicateKey('contacts_pkey'));
  });

  it('reopens its connection after the server ended it, at the latest for the read after the one that found it gone', async () => {
    await runOnServer(serverUrl!, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${scratch.name}' and application_name = 'switchboard-reads'`);

    // A read sent before the driver has seen the socket close fails as unavailable (a 503);
    // any other error ends the wait.
    const next = await eventually(
      () =>
        read(async (repos) => E.right(await repos.agents.findById(project.id, agents[4]!.id))).catch((error: unknown) => {
          if (error instanceof DependencyUnavailable) return null;
          throw error;
        }),
      { what: 'a read on a new connection' },
    );

    expect(next).toEqual(E.right(agents[4]));
  });

  it('plans a prepared page generically from its first execution: never afresh for each LIMIT', async () => {
    const reads = new PipelinedPostgresReads(scratch.url, 1);
    try {
      const page = { text: 'select id from agents where project_id = $1 order by created_at, id limit $2 offset $3', name: 'page_of_agents' };
      const pages = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((limit) => reads.run(page, [project.id, limit, 1], { prepare: true }).then(recordsOf)));
      // One connection: the statement below sees the page's prepared statement (named by the driver).
      const plans = await reads.run(
        { text: 'select generic_plans, custom_plans, current_setting($2) as mode from pg_prepared_statements where statement = $1', name: 'plans_of' },
        [page.text, 'plan_cache_mode'],
        { prepare: false },
      ).then(recordsOf);

      expect(pages.map((rows) => rows.map((row) => row.id))).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((limit) => agents.slice(1, 1 + limit).map((a) => a.id)));
      expect(plans).toEqual([{ generic_plans: '8', custom_plans: '0', mode: 'force_generic_plan' }]);
    } finally {
      await reads.close();
    }
  });

  it('parses json and jsonb columns, a run of equal documents down a column once, nulls and other documents each alone', async () => {
    const reads = new PipelinedPostgresReads(scratch.url, 1);
    try {
      const rows = await reads.run(
        {
          text: `select b, j from (values (1, '{"a":[1,"é"]}'::jsonb, '"x"'::json), (2, '{"a":[1,"é"]}', '"x"'), (3, null, null),
                   (4, '{"a":[1,"é"]}', '"y"'), (5, '[2]', '{"z":null}')) v(n, b, j) order by n`,
          name: 'json_rows',
        },
        [],
        { prepare: true },
      ).then(recordsOf);

      expect(rows).toEqual([
        { b: { a: [1, 'é'] }, j: 'x' },
        { b: { a: [1, 'é'] }, j: 'x' },
        { b: null, j: null },
        { b: { a: [1, 'é'] }, j: 'y' },
        { b: [2], j: { z: null } },
      ]);
      expect(rows[1]!.b).toBe(rows[0]!.b);
      expect(rows[4]!.b).not.toBe(rows[3]!.b);
    } finally {
      await reads.close();
    }
  });

  it('fails a statement whose connection the server ends under it as a connection failure, and the one after it alike', async () => {
    const reads = new PipelinedPostgresReads(scratch.url, 1);
    try {
      const sleeping = reads.run({ text: 'select pg_sleep(30)', name: 'sleep' }, [], { prepare: false }).catch((error: unknown) => error);
      const behind = reads.run({ text: 'select 1 as one', name: 'one' }, [], { prepare: false }).catch((error: unknown) => error);
      await eventually(() => sleepingOnServer(), { what: 'the sleep to run on the server' });
      await runOnServer(serverUrl!, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${scratch.name}' and query = 'select pg_sleep(30)'`);

      expect(isConnectionFailure(await sleeping)).toBe(true);
      expect(isConnectionFailure(await behind)).toBe(true);
    } finally {
      await reads.close();
    }
  });

  it('fails reads of a server that refuses connections as connection failures', async () => {
    const reads = new PipelinedPostgresReads('postgres://postgres@127.0.0.1:1/unreachable', 1);
    try {
      const failure = await reads.run({ text: 'select 1', name: 'one' }, [], { prepare: true }).catch((error: unknown) => error);

      expect(isConnectionFailure(failure)).toBe(true);
      expect((failure as { code?: string }).code).toBe('ECONNREFUSED');
    } finally {
      await reads.close();
    }
  });
});
