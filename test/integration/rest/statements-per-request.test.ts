import { AsyncLocalStorage } from 'node:async_hooks';
import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelinedPostgresReads } from '../../../src/adapters/mikro-orm/pipelined-postgres-reads.js';
import type { PgStatement } from '../../../src/adapters/mikro-orm/sql-driver.js';
import { PgliteSession } from '../../../src/adapters/mikro-orm/pglite-session.js';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { RecordingLogger } from './harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { SYSTEM_ORIGIN } from '../../support/audit-builders.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Every statement a request sends, seen where it leaves Switchboard: pg (transactions and writes,
 * on PostgreSQL and on the embedded PGlite, which pg reaches through in-memory streams), the
 * pipelined reads on PostgreSQL and the direct reads on PGlite's session, where they are sent to
 * PGlite (not when the session answers one again, see KeptAnswers). A request's statements are told from the background
 * jobs' by the async context the request runs in. The rate limiter's counters are not the
 * request's storage (with DATABASE_URL they take a statement of their own, on a pool of their
 * own): they are kept in memory here, so what is counted is the request's reads and writes.
 */
const request = new AsyncLocalStorage<string[]>();
/** Statements sent outside any request (background jobs): one may move the embedded store's log. */
let backgroundStatements = 0;
const countStatement = (text: string) => {
  const sent = request.getStore();
  if (sent) sent.push(text);
  else backgroundStatements++;
};
const send = pg.Client.prototype.query;
/** Where native reads leave, on each store: counted like pg's statements. */
type SendRead = (this: unknown, statement: PgStatement, ...rest: unknown[]) => Promise<unknown>;
const nativeReads = [PipelinedPostgresReads.prototype, PgliteSession.prototype] as unknown as { [method: string]: SendRead }[];
/** The method each sends its statements with (the session's is internal: it runs only what goes to PGlite). */
const sendMethods = ['run', 'send'] as const;
const sendReads = nativeReads.map((reads, i) => reads[sendMethods[i]!]!);

/** The statement reading where PGlite's log ends, which a kept answer may take (see KeptAnswers). */
const isLogPosition = (statement: string) => statement.includes('pg_current_wal_insert_lsn');
const withoutLogPosition = <R extends { statements: string[] }>(sent: R): R => ({ ...sent, statements: sent.statements.filter((s) => !isLogPosition(s)) });

const must = async <A>(task: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const result = await task();
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
  return result.right;
};

/** A project with two agents (the first with a number), a thread of texts and a call. */
const seed = async (sb: Switchboard) => {
  const useCases = sb.useCases();
  const created = await must(useCases.projects.createProject.execute({ email: trustMailbox(`statements-${Date.now()}@example.com`) }));
  const projectId = created.project.id;
  const { agent } = await must(useCases.agents.createAgent.execute({ projectId, fields: { name: 'With a number' } }));
  await must(useCases.agents.createAgent.execute({ projectId, fields: { name: 'Without' } }));
  const number = await must(useCases.numbers.provisionNumber.execute({ projectId, country: 'US', areaCode: null, agentId: agent.id }));
  for (let i = 0; i < 3; i++) {
    await must(
      useCases.messages.receiveInboundSms.execute({
        to: number.phoneNumber,
        from: trustE164('+14155550100'),
        body: `text ${i}`,
        mediaUrls: [],
        providerMessageId: `SMstatements${i}`,
      }),
    );
  }
  await sb.settled();
  const placed = await must(
    useCases.calls.placeOutboundCall.execute({
      projectId,
      agentId: agent.id,
      toNumber: trustE164('+14155552000'),
      fromNumberId: null,
      initialGreeting: null,
      voice: null,
      systemPrompt: null,
      origin: SYSTEM_ORIGIN,
    }),
  );
  return { key: created.apiKey.clear, agentId: agent.id, number: number.phoneNumber, callId: placed.id };
};

/**
 * Counts what every request sends from here on (see `request`), on both stores, for the whole
 * file: the prototypes are shared by every Switchboard the file starts.
 */
beforeAll(() => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    countStatement(typeof config === 'string' ? config : config.text);
    return (send as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof send;
  nativeReads.forEach((reads, i) => {
    reads[sendMethods[i]!] = function (this: unknown, statement, ...rest) {
      countStatement(statement.text);
      return sendReads[i]!.call(this, statement, ...rest);
    };
  });
});
afterAll(() => {
  pg.Client.prototype.query = send;
  nativeReads.forEach((reads, i) => (reads[sendMethods[i]!] = sendReads[i]!));
});

const STORES = [
  { storage: 'embedded PGlite', databaseUrl: undefined as string | undefined },
  ...(serverUrl ? [{ storage: 'PostgreSQL', databaseUrl: serverUrl }] : []),
];

/**
 * A seeded Switchboard on a scratch database of `databaseUrl` (else PGlite), with `env`, for the
 * enclosing describe, and its requests: each answers its status, body and the statements it sent.
 */
const aMeasuredSwitchboard = (databaseUrl: string | undefined, env: Record<string, string>) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let sb: Switchboard;
  let seeded: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    const dataDir = await aMigratedDataDir('switchboard-statements-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, 'sb_statements') : null;
    if (scratch) cleanups.push(() => scratch.drop());
    sb = createSwitchboard({
      env,
      config: { databaseUrl: scratch?.url ?? null, dataDir, adminToken: 'sb_admin_statements_test_token_0123456789' },
      logger: new RecordingLogger(),
      rateLimiter: new MemoryRateLimiter(),
    });
    cleanups.push(() => sb.close());
    await sb.start();
    seeded = await seed(sb);
    // The API key is read once, then cached: that read belongs to no request measured here. (Not
    // a list: its body would be kept for the same page as `?limit=20`, the default.)
    expect((await call('GET', `/v1/agents/${seeded.agentId}`)).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The request's status, body and the statements it sent. */
  const call = async (method: string, path: string, body?: unknown) => {
    const statements: string[] = [];
    const response = await request.run(statements, () =>
      sb.fetch(
        new Request(`http://switchboard.test${path}`, {
          method,
          headers: { authorization: `Bearer ${seeded?.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, statements };
  };

  return { call, seeded: () => seeded };
};

// List answers are kept by default (READ_CACHE_SIZE), which adds a statement to a list read
// (its version) and takes one away from a repeated one: see the describe after this one.
describe.each(STORES)('statements each REST request sends, no list answers kept (READ_CACHE_SIZE=0) ($storage)', ({ databaseUrl }) => {
  const measured = aMeasuredSwitchboard(databaseUrl, { READ_CACHE_SIZE: '0' });
  const call = measured.call;
  let seeded: ReturnType<typeof measured.seeded>;
  beforeAll(() => {
    seeded = measured.seeded();
  });

  it('GET /v1/agents?limit=20: the agents with their live numbers, one statement', async () => {
    const { status, body, statements } = await call('GET', '/v1/agents?limit=20');
    expect(status).toBe(200);
    const agents = body.data as { id: string; numbers: unknown[] }[];
    expect(agents.map((a) => a.numbers.length)).toEqual([1, 0]);
    expect(statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/agents/{id}, after a write: the agent with its live numbers, one statement; an unknown one is a 404, one statement', async () => {
    // Written first: on the embedded store an agent read again with nothing written between costs no statement (see the describe below).
    expect((await call('PATCH', `/v1/agents/${seeded.agentId}`, { description: 'Read after a write' })).status).toBe(200);
    const found = withoutLogPosition(await call('GET', `/v1/agents/${seeded.agentId}`));
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ description: 'Read after a write', numbers: [expect.objectContaining({ phoneNumber: seeded.number })] });
    expect(found.statements).toEqual([expect.any(String)]);

    const missing = withoutLogPosition(await call('GET', '/v1/agents/agt_missing'));
    expect(missing.status).toBe(404);
    expect(missing.statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/conversations: the threads with their total, one statement', async () => {
    const { status, body, statements } = await call('GET', '/v1/conversations');
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: [expect.objectContaining({ participant: '+14155550100' })], total: 1 });
    expect(statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/agents/{id}/conversations: the agent and its page of threads, one statement; an unknown agent is a 404, one statement', async () => {
    const listed = await call('GET', `/v1/agents/${seeded.agentId}/conversations`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ data: [expect.objectContaining({ participant: '+14155550100' })], total: 1 });
    expect(listed.statements).toEqual([expect.any(String)]);

    const past = await call('GET', `/v1/agents/${seeded.agentId}/conversations?offset=40`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], total: 1 });
    expect(past.statements).toEqual([expect.any(String)]);

    const missing = await call('GET', '/v1/agents/agt_missing/conversations');
    expect(missing.status).toBe(404);
    expect(missing.statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/conversations/{id}/messages?limit=50: one statement; an unknown conversation is a 404, one statement', async () => {
    const conversations = await call('GET', '/v1/conversations');
    const conversationId = (conversations.body.data as { id: string }[])[0]!.id;

    const listed = await call('GET', `/v1/conversations/${conversationId}/messages?limit=50`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(3);
    expect(listed.statements).toEqual([expect.any(String)]);

    const missing = await call('GET', '/v1/conversations/conv_missing/messages?limit=50');
    expect(missing.status).toBe(404);
    expect(missing.statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/calls?limit=20: the calls and the project\'s recording setting, one statement', async () => {
    const { status, body, statements } = await call('GET', '/v1/calls?limit=20');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/calls/{id}: the call, its transcript, the recording setting and the analysis, one statement; an unknown one is a 404, one statement', async () => {
    const found = await call('GET', `/v1/calls/${seeded.callId}`);
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(seeded.callId);
    expect(found.statements).toEqual([expect.any(String)]);

    const missing = await call('GET', '/v1/calls/call_missing');
    expect(missing.status).toBe(404);
    expect(missing.statements).toEqual([expect.any(String)]);
  });

  it('GET /v1/agents/{id}/calls?limit=20: the agent and its page of calls, one statement; an unknown agent is a 404, one statement', async () => {
    const listed = await call('GET', `/v1/agents/${seeded.agentId}/calls?limit=20`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: seeded.callId })]);
    expect(listed.body.total).toBe(1);
    expect(listed.statements).toEqual([expect.any(String)]);

    const past = await call('GET', `/v1/agents/${seeded.agentId}/calls?limit=20&offset=40`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], total: 1 });
    expect(past.statements).toEqual([expect.any(String)]);

    const missing = await call('GET', '/v1/agents/agt_missing/calls?limit=20');
    expect(missing.status).toBe(404);
    expect(missing.statements).toEqual([expect.any(String)]);
  });

  it('POST /v1/contacts: one insert in its transaction; the same number again is a 409, the insert rolled back', async () => {
    const created = await call('POST', '/v1/contacts', { name: 'Ada', phoneNumber: '+14155550123' });
    expect(created.status).toBe(201);
    expect(created.statements).toEqual(['begin', expect.stringMatching(/^insert/), 'commit']);

    const again = await call('POST', '/v1/contacts', { name: 'Ada again', phoneNumber: '+14155550123' });
    expect(again.status).toBe(409);
    expect(again.statements).toEqual(['begin', expect.stringMatching(/^insert/), 'rollback']);
  });
});

/**
 * With list answers kept (READ_CACHE_SIZE unset): a list request first reads the version of its
 * page, then the page only when no body is kept for that version. So the first request sends
 * both, and a repeat with nothing written between sends the version alone. On the embedded
 * PGlite, which sees every write, the repeat sends no statement: the session gives the version's
 * answer again (see KeptAnswers). It may first read where the log ends, when a background job's
 * transaction ran since; that read is counted apart, as it may come due at any time.
 */
describe.each(STORES)('statements each list request sends, its answers kept (READ_CACHE_SIZE unset) ($storage)', ({ databaseUrl }) => {
  const { call, seeded } = aMeasuredSwitchboard(databaseUrl, {});
  const embedded = databaseUrl === undefined;

  /** A list, read twice: the reads each request sent (the log position's aside, checked here). */
  const twice = async (path: string) => {
    const before = backgroundStatements;
    const first = await call('GET', path);
    const again = await call('GET', path);
    const writtenBetween = backgroundStatements !== before;
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    for (const { statements } of [first, again]) expect(statements.filter(isLogPosition).length).toBeLessThanOrEqual(embedded ? 1 : 0);
    return { first: withoutLogPosition(first), again: { ...withoutLogPosition(again), writtenBetween } };
  };
  /**
   * What a repeat sends: its version, except on the embedded store when no background job sent a
   * statement meanwhile (its transaction may move the log, and then the version is read again there too).
   */
  const repeatOf = (first: { statements: string[] }, again?: { writtenBetween: boolean }) =>
    embedded && !again?.writtenBetween ? [] : [first.statements[0]];

  it('GET /v1/agents?limit=20: the version and the page, then the version alone (none embedded); after a write, both again', async () => {
    const { first, again } = await twice('/v1/agents?limit=20');
    expect(first.statements).toEqual([expect.any(String), expect.any(String)]);
    expect(again.statements).toEqual(repeatOf(first, again));

    expect((await call('PATCH', `/v1/agents/${seeded().agentId}`, { name: 'Renamed' })).status).toBe(200);
    const changed = withoutLogPosition(await call('GET', '/v1/agents?limit=20'));
    expect((changed.body.data as { name: string }[])[0]!.name).toBe('Renamed');
    expect(changed.statements).toEqual(first.statements);
  });

  it('GET /v1/agents/{id}: one statement, and read again one elsewhere but none on the embedded store; after a write, one with the change', async () => {
    const path = `/v1/agents/${seeded().agentId}`;
    expect((await call('PATCH', path, { description: 'Kept' })).status).toBe(200);
    const { first, again } = await twice(path);
    expect(first.body.description).toBe('Kept');
    expect(first.statements).toEqual([expect.any(String)]);
    expect(again.statements).toEqual(repeatOf(first, again));

    expect((await call('PATCH', path, { description: 'Changed' })).status).toBe(200);
    const changed = withoutLogPosition(await call('GET', path));
    expect(changed.body.description).toBe('Changed');
    expect(changed.statements).toEqual(first.statements);
  });

  it('GET /v1/calls?limit=20: the version and the page, then the version alone (none embedded)', async () => {
    const { first, again } = await twice('/v1/calls?limit=20');
    expect(first.body.data).toHaveLength(1);
    expect(first.statements).toEqual([expect.any(String), expect.any(String)]);
    expect(again.statements).toEqual(repeatOf(first, again));
  });

  it('GET /v1/agents/{id}/calls?limit=20: the version and the page, then the version alone (none embedded)', async () => {
    const { first, again } = await twice(`/v1/agents/${seeded().agentId}/calls?limit=20`);
    expect(first.body.data).toEqual([expect.objectContaining({ id: seeded().callId })]);
    expect(first.statements).toEqual([expect.any(String), expect.any(String)]);
    expect(again.statements).toEqual(repeatOf(first, again));
  });

  it('GET /v1/conversations and GET /v1/agents/{id}/conversations: the version and the page, then the version alone (none embedded)', async () => {
    for (const path of ['/v1/conversations', `/v1/agents/${seeded().agentId}/conversations`]) {
      const { first, again } = await twice(path);
      expect(first.body).toMatchObject({ data: [expect.objectContaining({ participant: '+14155550100' })], total: 1 });
      expect(first.statements).toEqual([expect.any(String), expect.any(String)]);
      expect(again.statements).toEqual(repeatOf(first, again));
    }
  });

  it('GET /v1/conversations/{id}/messages?limit=50: the version and the page, then the version alone (none embedded)', async () => {
    const conversations = await call('GET', '/v1/conversations');
    const conversationId = (conversations.body.data as { id: string }[])[0]!.id;

    const { first, again } = await twice(`/v1/conversations/${conversationId}/messages?limit=50`);
    expect(first.body.data).toHaveLength(3);
    expect(first.statements).toEqual([expect.any(String), expect.any(String)]);
    expect(again.statements).toEqual(repeatOf(first, again));
  });
});
