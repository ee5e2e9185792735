import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConnectionFailure } from '../../../src/adapters/mikro-orm/connection-failures.js';
import { recordsOf } from '../../../src/adapters/mikro-orm/sql-driver.js';
import { PgliteSession } from '../../../src/adapters/mikro-orm/pglite-session.js';
import { aFreshPglite } from '../../support/pglite-template.js';

/**
 * The embedded database's one session, shared by pg's connections (in-memory streams) and the
 * native reads sent to it directly: the same answers as through pg, no read inside another's
 * transaction, and each new connection on a clean session.
 */
describe(PgliteSession.name, () => {
  let db: PGlite;
  let session: PgliteSession;
  const clients: pg.Client[] = [];

  const connect = async (types?: pg.CustomTypesConfig): Promise<pg.Client> => {
    const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: session.connect, ...(types ? { types } : {}) } as pg.ClientConfig);
    await client.connect();
    // Closing the session cuts every connection off; pg reports it as an error event.
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };
  const read = (text: string, values: unknown[] = [], name = `s_${text.length}`) => session.run({ text, name }, values, { prepare: true }).then(recordsOf);

  beforeEach(async () => {
    db = await aFreshPglite();
    session = new PgliteSession(db);
    const setup = await connect();
    await setup.query(`create table notes (id text primary key, body text not null, at timestamptz not null, n int8, doc jsonb, done boolean, tags text[])`);
    await setup.query(`insert into notes values ('a', 'first', '2026-01-02T03:04:05.678Z', 9007199254740993, '{"k":[1,2]}', true, '{x,y}')`);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end().catch(() => undefined);
    session.close();
    await db.close();
  });

  it('answers a direct read with the values pg gives for the same row under MikroORM (dates as text)', async () => {
    const client = await connect({
      getTypeParser: ((oid: number, format?: 'text') => ([1082, 1114, 1184, 1186].includes(oid) ? (text: string) => text : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig['getTypeParser'],
    });
    const throughPg = (await client.query('select * from notes where id = $1', ['a'])).rows;

    const direct = await read('select * from notes where id = $1', ['a']);

    expect(direct).toEqual(throughPg);
    expect(direct).toEqual([{ id: 'a', body: 'first', at: '2026-01-02 03:04:05.678+00', n: '9007199254740993', doc: { k: [1, 2] }, done: true, tags: ['x', 'y'] }]);
  });

  it('keeps a direct read out of a connection\'s open transaction: it waits, then sees only what was committed', async () => {
    const writer = await connect();
    await writer.query('begin');
    await writer.query(`insert into notes (id, body, at) values ('b', 'second', now())`);

    let answered = false;
    const waiting = read('select id from notes order by id').then((rows) => {
      answered = true;
      return rows;
    });
    await writer.query(`update notes set body = 'changed' where id = 'a'`);
    expect(answered).toBe(false);
    await writer.query('rollback');

    expect(await waiting).toEqual([{ id: 'a' }]);
    expect(await read('select body from notes where id = $1', ['a'])).toEqual([{ body: 'first' }]);
  });

  it('rolls back the transaction of a connection that goes away inside it, and serves the reads waiting for it', async () => {
    const writer = await connect();
    await writer.query('begin');
    await writer.query(`delete from notes`);
    const waiting = read('select count(*) as count from notes');

    await writer.end();

    expect(await waiting).toEqual([{ count: '1' }]);
  });

  it('starts each new connection on a clean session: what an earlier one prepared is gone', async () => {
    const first = await connect();
    await first.query({ name: 'by_id', text: 'select body from notes where id = $1', values: ['a'] });
    await first.end();

    const second = await connect();
    const again = await second.query({ name: 'by_id', text: 'select id from notes where id = $1', values: ['a'] });

    expect(again.rows).toEqual([{ id: 'a' }]);
    expect(await read('select body from notes where id = $1', ['a'], 'direct_after_reconnect')).toEqual([{ body: 'first' }]);
  });

  it('fails a statement PostgreSQL refuses with pg\'s error, prepares it again next time, and goes on serving', async () => {
    const duplicate = await read(`insert into notes (id, body, at) values ($1, 'x', now()) returning id`, ['a'], 'insert_note').catch((e: unknown) => e);
    const unknownTable = await read('select * from missing', [], 'missing').catch((e: unknown) => e);
    await db.exec('create table missing (id int)');

    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_pkey', severity: 'ERROR' });
    expect(unknownTable).toMatchObject({ code: '42P01' });
    expect(await read('select * from missing', [], 'missing')).toEqual([]);
    expect(await read(`insert into notes (id, body, at) values ($1, 'x', now()) returning id`, ['c'], 'insert_note')).toEqual([{ id: 'c' }]);
  });

  it('plans direct reads generically, once, and leaves a connection\'s statements to PostgreSQL\'s choice, in and out of transactions', async () => {
    const client = await connect();
    const mode = async () => (await client.query('show plan_cache_mode')).rows[0].plan_cache_mode as string;
    const page = 'select id from notes where body = $1 order by id limit $2';
    for (let i = 0; i < 8; i++) await read(page, ['first', 20], 'page_of_notes');
    const plans = await read('select generic_plans, custom_plans from pg_prepared_statements where name = $1', ['direct_page_of_notes'], 'plans');
    expect(await mode()).toBe('auto');

    await client.query('begin');
    const during = read('show plan_cache_mode', [], 'mode_direct');
    expect(await mode()).toBe('auto');
    await client.query('commit');

    expect(plans).toEqual([{ generic_plans: '8', custom_plans: '0' }]);
    expect(await during).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect(await read('show plan_cache_mode', [], 'mode_direct')).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect(await mode()).toBe('auto');
  });

  it('answers many direct reads and a connection\'s queries interleaved, each with its own rows', async () => {
    const client = await connect();
    await client.query(`insert into notes (id, body, at) select 'n' || g, 'body ' || g, now() from generate_series(1, 50) g`);

    const [direct, throughPg] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, (_, i) => read('select body from notes where id = $1', [`n${i + 1}`], 'body_of'))),
      Promise.all(Array.from({ length: 20 }, (_, i) => client.query('select id from notes where body = $1', [`body ${i + 1}`]))),
    ]);

    expect(direct).toEqual(Array.from({ length: 50 }, (_, i) => [{ body: `body ${i + 1}` }]));
    expect(throughPg.map((result) => result.rows)).toEqual(Array.from({ length: 20 }, (_, i) => [{ id: `n${i + 1}` }]));
  });

  it('lets the event loop turn while statements sent one after another keep it busy', async () => {
    let reads = 0;
    let readsWhenTheLoopTurned: number | null = null;
    setImmediate(() => (readsWhenTheLoopTurned = reads));

    // Each read is sent as soon as the one before is answered: a chain of promises only.
    while (readsWhenTheLoopTurned === null && reads < 5_000) {
      await read('select 1 as one', [], 'one');
      reads += 1;
    }

    expect(readsWhenTheLoopTurned).not.toBeNull();
    expect(readsWhenTheLoopTurned).toBeLessThan(5_000);
  });

  describe('reusable reads', () => {
    const COUNT = 'select count(*) as count from notes where body <> $1';
    const answer = (other = 'none') => session.run({ text: COUNT, name: 'count_notes' }, [other], { prepare: true, effect: 'reusable' });
    const count = (other = 'none') => answer(other).then(recordsOf);
    /** What the session has sent PGlite so far, each call's bytes as text. */
    let sent: string[];
    /** The statements sent since `mark`, by their prepared names; the session's switches of planning aside. */
    const sentSince = (mark: number) =>
      sent
        .slice(mark)
        .filter((text) => !text.includes('plan_cache_mode'))
        .map((text) => (text.includes('direct_log_position') ? 'log position' : text.includes('direct_count_notes') ? 'count' : text));
    beforeEach(() => {
      sent = [];
      const call = db.execProtocolRawStream.bind(db);
      db.execProtocolRawStream = (bytes, ...rest) => {
        sent.push(Buffer.from(bytes).toString('latin1'));
        return call(bytes, ...rest);
      };
    });

    it('answers it again without calling PGlite while nothing may have been written, reads marked as such included', async () => {
      const first = await count();
      await session.run({ text: 'select id from notes', name: 'marked_read' }, [], { prepare: true, effect: 'read' });
      const mark = sent.length;

      const repeats = await Promise.all([count(), count(), count()]);

      expect(first).toEqual([{ count: '1' }]);
      expect(repeats).toEqual([first, first, first]);
      expect(sentSince(mark)).toEqual([]);
      expect(Object.isFrozen((await answer()).rows[0])).toBe(true);
    });

    it('reads it again after a write through a connection, or a direct statement not marked as a read', async () => {
      await count();
      const client = await connect();
      await client.query(`insert into notes (id, body, at) values ('b', 'second', now())`);
      const mark = sent.length;
      const afterConnection = await count();
      const sentAfterConnection = sentSince(mark);
      await read(`insert into notes (id, body, at) values ($1, 'third', now()) returning id`, ['c'], 'insert_note');
      const afterDirect = await count();

      expect(afterConnection).toEqual([{ count: '2' }]);
      expect(sentAfterConnection).toEqual(['log position', 'count']);
      expect(afterDirect).toEqual([{ count: '3' }]);
    });

    it('gives the kept answer after transactions that changed nothing, having read only the log position, once for requests together', async () => {
      const first = await count();
      const client = await connect();
      await client.query('begin');
      await client.query(`update notes set body = 'never' where id = 'missing'`);
      await client.query('commit');
      await client.query('select id from notes');
      const mark = sent.length;

      const repeats = await Promise.all([count(), count()]);

      expect(repeats).toEqual([first, first]);
      expect(sentSince(mark)).toEqual(['log position']);
    });

    it('keeps no answer of a read a write came close behind, and reads the changed rows next', async () => {
      await count();
      const writer = await connect();
      await writer.query(`insert into notes (id, body, at) values ('b', 'second', now())`);
      // Sent together: the log position is read, then the delete runs before the count.
      const [before] = await Promise.all([count('other'), writer.query(`delete from notes where id = 'a'`)]);
      const mark = sent.length;

      const repeat = await count('other');

      expect(before).toEqual([{ count: '1' }]);
      expect(repeat).toEqual([{ count: '1' }]);
      expect(sentSince(mark)).toEqual(['log position', 'count']);
    });

    it('gives no kept answer once the session is closed: the store is unavailable', async () => {
      await count();

      session.close();

      expect(isConnectionFailure(await count().catch((error: unknown) => error))).toBe(true);
    });

    it('keeps the answers of other values apart', async () => {
      const all = await count();
      const notFirst = await count('first');

      expect(all).toEqual([{ count: '1' }]);
      expect(notFirst).toEqual([{ count: '0' }]);
    });
  });

  it('fails the reads still waiting when it closes, and those sent after, as a lost connection: the store reports itself unavailable', async () => {
    const writer = await connect();
    const writerLost = new Promise<unknown>((resolve) => writer.on('error', resolve));
    await writer.query('begin');
    const waiting = read('select id from notes').catch((error: unknown) => error);

    session.close();

    expect(isConnectionFailure(await waiting)).toBe(true);
    expect(isConnectionFailure(await writerLost)).toBe(true);
    expect(isConnectionFailure(await read('select id from notes').catch((error: unknown) => error))).toBe(true);
  });
});
