import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { MemoryRateLimiter } from '../../../src/adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { createSwitchboard, type Switchboard, type SwitchboardOptions } from '../../../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { RecordingLogger } from './harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { aFileDataDir } from '../../support/file-data-dir.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN_TOKEN = 'sb_admin_versioned_answers_token_0123456789';

type Cleanups = (() => Promise<unknown>)[];

const carrierDir = aFileDataDir('switchboard-versioned-carrier-');

/** A node with the default configuration but for `options` (so READ_CACHE_SIZE unset: the read cache on), started. */
const aNode = async (cleanups: Cleanups, options: SwitchboardOptions): Promise<Switchboard> => {
  const node = createSwitchboard({
    env: {},
    logger: new RecordingLogger(),
    rateLimiter: new MemoryRateLimiter(),
    ...options,
    config: { dataDir: carrierDir, ...options.config },
  });
  cleanups.push(() => node.close());
  await node.start(); // one at a time: the first one migrates a fresh database
  return node;
};

/** The config of a node on the storage named, made for the test. */
const storageOf = async (cleanups: Cleanups, storage: 'in-memory' | 'embedded PGlite' | 'PostgreSQL'): Promise<SwitchboardOptions> => {
  if (storage === 'in-memory') return { unitOfWork: new InMemoryUnitOfWork() };
  if (storage === 'PostgreSQL') {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_versioned_answers');
    cleanups.push(() => scratch.drop());
    return { config: { databaseUrl: scratch.url, adminToken: ADMIN_TOKEN } };
  }
  const dataDir = await aMigratedDataDir('switchboard-versioned-answers-');
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { config: { dataDir, adminToken: ADMIN_TOKEN } };
};

interface Reply {
  readonly status: number;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

/** A request of the project holding `key`, to `node`. */
const call = async (node: Switchboard, key: string, method: string, path: string, body?: unknown): Promise<Reply> => {
  const response = await node.fetch(
    new Request(`http://switchboard.test${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
};

/** A new project's API key. */
const aProjectOn = async (node: Switchboard): Promise<string> => {
  const created = await node.useCases().projects.createProject.execute({ email: trustMailbox(`answers-${randomUUID()}@example.com`) })();
  if (E.isLeft(created)) throw new Error('project not created');
  return created.right.apiKey.clear;
};

/** What a request sent with success: its body. */
const ok = async (reply: Promise<Reply>) => {
  const { status, text, body } = await reply;
  if (status !== 200) throw new Error(`${status}: ${text}`);
  return body;
};

/** How many times a list use case (`listAgents`, `listConversations`) has read its page (not its version) since this was called. */
const countReads = <I, R>(list: { execute(input: I): () => Promise<R> }) => {
  const execute = list.execute.bind(list);
  const counted = { reads: 0 };
  vi.spyOn(list, 'execute').mockImplementation((input: I) => {
    const read = execute(input);
    return () => {
      counted.reads++;
      return read();
    };
  });
  return counted;
};

/** How many times `node`'s list of agents has read its page (not its version) since this was called. */
const countPageReads = (node: Switchboard) => countReads(node.useCases().agents.listAgents);

const STORAGES = [
  { storage: 'in-memory' as const },
  { storage: 'embedded PGlite' as const },
  ...(serverUrl ? [{ storage: 'PostgreSQL' as const }] : []),
];

/** A node on `storage` for the enclosing describe (started before its tests, closed after), its mocks restored after each test. */
const useNode = (storage: (typeof STORAGES)[number]['storage']): (() => Switchboard) => {
  const cleanups: Cleanups = [];
  let node: Switchboard;
  beforeAll(async () => {
    node = await aNode(cleanups, await storageOf(cleanups, storage));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return () => node;
};

const names = (page: { data: { name: string }[] }) => page.data.map((agent) => agent.name);

describe.each(STORAGES)('GET /v1/agents with its answers kept (READ_CACHE_SIZE unset) ($storage)', ({ storage }) => {
  const nodeOf = useNode(storage);
  let node: Switchboard;
  beforeAll(() => {
    node = nodeOf();
  });

  /** A project with two agents, `Alpha` the older, and its requests. */
  const aProject = async () => {
    const key = await aProjectOn(node);
    const request = (method: string, path: string, body?: unknown) => call(node, key, method, path, body);
    const alpha = (await ok(request('POST', '/v1/agents', { name: 'Alpha' }))).id as string;
    const beta = (await ok(request('POST', '/v1/agents', { name: 'Beta' }))).id as string;
    return { key, alpha, beta, request, list: (query = '') => ok(request('GET', `/v1/agents${query}`)) };
  };

  it('answers a repeated list with the same body, without reading the page again', async () => {
    const { request } = await aProject();
    const counted = countPageReads(node);

    const first = await request('GET', '/v1/agents');
    const again = await request('GET', '/v1/agents');

    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['Alpha', 'Beta']);
    expect(again).toEqual(first);
    expect(counted.reads).toBe(1);
  });

  it('tags the list with an ETag: 304 with no body while a request names it, the new list once an agent changed', async () => {
    const { key, alpha, request } = await aProject();
    const revalidate = async (tag: string) => {
      const response = await node.fetch(
        new Request('http://switchboard.test/v1/agents', { headers: { authorization: `Bearer ${key}`, 'if-none-match': tag } }),
      );
      return { status: response.status, tag: response.headers.get('etag'), requestId: response.headers.get('x-request-id'), text: await response.text() };
    };
    const first = await node.fetch(new Request('http://switchboard.test/v1/agents', { headers: { authorization: `Bearer ${key}` } }));
    const tag = first.headers.get('etag')!;

    const unchanged = await revalidate(tag);
    expect((await request('PATCH', `/v1/agents/${alpha}`, { name: 'Renamed' })).status).toBe(200);
    const changed = await revalidate(tag);

    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(unchanged).toEqual({ status: 304, tag, requestId: expect.any(String), text: '' });
    expect(changed.status).toBe(200);
    expect(changed.tag).not.toBe(tag);
    expect(names(JSON.parse(changed.text))).toEqual(['Renamed', 'Beta']);
  });

  it('shows every write at once: an agent changed, a number attached, detached or released, an agent created or deleted', async () => {
    const { alpha, beta, request, list } = await aProject();
    const numberId = (await ok(request('POST', '/v1/numbers', {}))).id as string;
    const numbersOf = (page: { data: { numbers: { id: string }[] }[] }) => page.data.map((agent) => agent.numbers.map((n) => n.id));
    await list(); // kept

    await ok(request('PATCH', `/v1/agents/${alpha}`, { name: 'Alpha 2' }));
    const changed = await list();
    await ok(request('POST', `/v1/agents/${beta}/numbers`, { numberId }));
    const attached = await list();
    await ok(request('DELETE', `/v1/agents/${beta}/numbers/${numberId}`));
    const detached = await list();
    await ok(request('POST', `/v1/agents/${alpha}/numbers`, { numberId }));
    await list();
    await ok(request('DELETE', `/v1/numbers/${numberId}`));
    const released = await list();
    await ok(request('POST', '/v1/agents', { name: 'Gamma' }));
    const created = await list();
    await ok(request('DELETE', `/v1/agents/${beta}`));
    const deleted = await list();

    expect(names(changed)).toEqual(['Alpha 2', 'Beta']);
    expect(numbersOf(attached)).toEqual([[], [numberId]]);
    expect(numbersOf(detached)).toEqual([[], []]);
    expect(numbersOf(released)).toEqual([[], []]);
    expect([names(created), created.total]).toEqual([['Alpha 2', 'Beta', 'Gamma'], 3]);
    expect([names(deleted), deleted.total]).toEqual([['Alpha 2', 'Gamma'], 2]);
  });

  it('shows a change of a later page in the total and hasMore of an earlier one kept', async () => {
    const { request, list } = await aProject();
    const before = await list('?limit=2');

    await ok(request('POST', '/v1/agents', { name: 'Gamma' }));
    const after = await list('?limit=2');

    expect([before.total, before.hasMore]).toEqual([2, false]);
    expect([names(after), after.total, after.hasMore]).toEqual([['Alpha', 'Beta'], 3, true]);
  });

  it("never gives one query's body for another, nor one project's to another", async () => {
    const mine = await aProject();
    const theirs = await aProject();
    await ok(theirs.request('PATCH', `/v1/agents/${theirs.alpha}`, { name: 'Theirs' }));

    const one = await mine.list('?limit=1');
    const two = await mine.list('?limit=2');
    const offset = await mine.list('?limit=1&offset=1');
    const oneAgain = await mine.list('?limit=1');
    const other = await theirs.list('?limit=1');
    const empty = await ok(call(node, await aProjectOn(node), 'GET', '/v1/agents?limit=1'));

    expect([names(one), names(two), names(offset), names(oneAgain)]).toEqual([['Alpha'], ['Alpha', 'Beta'], ['Beta'], ['Alpha']]);
    expect(other.data.map((agent: { id: string }) => agent.id)).toEqual([theirs.alpha]);
    expect(names(other)).toEqual(['Theirs']);
    expect(empty).toEqual({ data: [], hasMore: false, total: 0 });
  });

  // The version is read before the page: a write can land between the two (here a number
  // attached to Beta, as another request would), and the body shows it. Detached again, the
  // page is as it was before that write, and so is its version: a body kept under that version
  // would show a number Beta no longer has. So it is kept under the version read with the page.
  it('never gives a body that shows a write since undone', async () => {
    const { beta, request, list } = await aProject();
    const numberId = (await ok(request('POST', '/v1/numbers', {}))).id as string;
    const listAgents = node.useCases().agents.listAgents;
    const execute = listAgents.execute.bind(listAgents);
    vi.spyOn(listAgents, 'execute').mockImplementationOnce((input) => async () => {
      const attached = await node.useCases().agents.attachNumber.execute({ projectId: input.projectId, agentId: beta, numberId })();
      if (E.isLeft(attached)) throw new Error('not attached');
      return execute(input)();
    });

    const raced = await list();
    await ok(request('DELETE', `/v1/agents/${beta}/numbers/${numberId}`));
    const after = await list();

    expect(raced.data[1].numbers).toEqual([expect.objectContaining({ id: numberId })]);
    expect(after.data.map((agent: { numbers: unknown[] }) => agent.numbers)).toEqual([[], []]);
  });
});

describe.each(STORAGES)("GET /v1/conversations and an agent's with their answers kept ($storage)", ({ storage }) => {
  const nodeOf = useNode(storage);

  it('reads each page once while nothing changes, and shows every text, state and agent change at once', async () => {
    const node = nodeOf();
    const key = await aProjectOn(node);
    const request = (method: string, path: string, body?: unknown) => call(node, key, method, path, body);
    const agentId = (await ok(request('POST', '/v1/agents', { name: 'Texter' }))).id as string;
    const number = (await ok(request('POST', '/v1/numbers', { agentId }))).phoneNumber as string;
    const text = async (from: string, body: string) => {
      const received = await node.useCases().messages.receiveInboundSms.execute({
        to: trustE164(number),
        from: trustE164(from),
        body,
        mediaUrls: [],
        providerMessageId: `SM${randomUUID().replaceAll('-', '')}`,
      })();
      if (E.isLeft(received)) throw new Error(JSON.stringify(received.left));
    };
    const lists = async () => [await ok(request('GET', '/v1/conversations')), await ok(request('GET', `/v1/agents/${agentId}/conversations`))];
    const threads = (page: { data: { participant: string; lastMessagePreview: string; state: unknown; agentId: string | null }[] }) =>
      page.data.map(({ participant, lastMessagePreview, state, agentId }) => ({ participant, lastMessagePreview, state, agentId }));
    const counted = countReads(node.useCases().conversations.listConversations);

    const empty = await lists();
    const emptyAgain = await lists();
    const readsWhileUnchanged = counted.reads;
    await text('+14155550101', 'one');
    const first = await lists();
    await text('+14155550102', 'two');
    await text('+14155550101', 'three');
    const moved = await lists();
    const threadId = moved[0].data[0].id as string;
    await ok(request('PATCH', `/v1/conversations/${threadId}`, { state: { stage: 'quote' } }));
    const stated = await lists();
    await ok(request('DELETE', `/v1/agents/${agentId}`));
    const detached = await ok(request('GET', '/v1/conversations'));
    const gone = await request('GET', `/v1/agents/${agentId}/conversations`);

    const thread = (participant: string, lastMessagePreview: string, state: unknown = null, agent: string | null = agentId) => ({
      participant,
      lastMessagePreview,
      state,
      agentId: agent,
    });
    expect(emptyAgain).toEqual(empty);
    expect(empty).toEqual([
      { data: [], hasMore: false, total: 0 },
      { data: [], hasMore: false, total: 0 },
    ]);
    expect(readsWhileUnchanged).toBe(2);
    expect(first.map(threads)).toEqual([[thread('+14155550101', 'one')], [thread('+14155550101', 'one')]]);
    const twoThreads = [thread('+14155550101', 'three'), thread('+14155550102', 'two')];
    expect(moved.map(threads)).toEqual([twoThreads, twoThreads]);
    const withState = [thread('+14155550101', 'three', { stage: 'quote' }), thread('+14155550102', 'two')];
    expect(stated.map(threads)).toEqual([withState, withState]);
    expect(threads(detached)).toEqual([thread('+14155550101', 'three', { stage: 'quote' }, null), thread('+14155550102', 'two', null, null)]);
    expect(gone.status).toBe(404);
  });
});

describe('GET /v1/agents without kept answers (READ_CACHE_SIZE=0)', () => {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('reads the page for every request', async () => {
    const node = await aNode(cleanups, { env: { READ_CACHE_SIZE: '0' }, unitOfWork: new InMemoryUnitOfWork() });
    const key = await aProjectOn(node);
    await ok(call(node, key, 'POST', '/v1/agents', { name: 'Alpha' }));
    const counted = countPageReads(node);

    const replies = [await call(node, key, 'GET', '/v1/agents'), await call(node, key, 'GET', '/v1/agents')];

    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(replies[1]!.text).toBe(replies[0]!.text);
    expect(counted.reads).toBe(2);
    expect(node.config.readCacheBytes).toBe(0);
    vi.restoreAllMocks();
  });
});

// No event bus between the nodes (EVENT_BUS unset: in-process, each its own): a node learns
// nothing of another's writes but from the database, which its next list asks.
describe.skipIf(!serverUrl)('GET /v1/agents with its answers kept, on two nodes sharing PostgreSQL', () => {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("shows the other node's writes on its next list: an agent changed, a number attached, an agent created or deleted", async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_versioned_answers_nodes');
    cleanups.push(() => scratch.drop());
    const options: SwitchboardOptions = { config: { databaseUrl: scratch.url, eventBus: 'in-process', adminToken: ADMIN_TOKEN } };
    const [a, b] = [await aNode(cleanups, options), await aNode(cleanups, options)];
    const key = await aProjectOn(a);
    const onA = (method: string, path: string, body?: unknown) => ok(call(a, key, method, path, body));
    const onB = (method: string, path: string, body?: unknown) => ok(call(b, key, method, path, body));
    const alpha = (await onA('POST', '/v1/agents', { name: 'Alpha' })).id as string;
    const counted = countPageReads(a);
    const kept = await onA('GET', '/v1/agents');
    expect(await onA('GET', '/v1/agents')).toEqual(kept);
    expect(counted.reads).toBe(1); // the second was the kept body

    await onB('PATCH', `/v1/agents/${alpha}`, { name: 'Changed on B' });
    const changed = await onA('GET', '/v1/agents');
    const numberId = (await onB('POST', '/v1/numbers', { agentId: alpha })).id as string;
    const attached = await onA('GET', '/v1/agents');
    const beta = (await onB('POST', '/v1/agents', { name: 'Beta' })).id as string;
    const created = await onA('GET', '/v1/agents');
    await onB('DELETE', `/v1/agents/${alpha}`);
    const deleted = await onA('GET', '/v1/agents');

    expect(names(kept)).toEqual(['Alpha']);
    expect(names(changed)).toEqual(['Changed on B']);
    expect(attached.data[0].numbers).toEqual([expect.objectContaining({ id: numberId })]);
    expect([names(created), created.total]).toEqual([['Changed on B', 'Beta'], 2]);
    expect(deleted).toMatchObject({ data: [{ id: beta, name: 'Beta' }], total: 1 });
    expect(counted.reads).toBe(5);
  });
});
