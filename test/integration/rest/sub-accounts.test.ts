import { rm } from 'node:fs/promises';
import { AgentPhoneClient } from 'agentphone';
import { afterEach, describe, expect, it } from 'vitest';
import { failureOf } from '../../support/agentphone-failure.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import { queriesOf } from '../../../src/bootstrap/composition/store-queries.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

/** A store for one test, and how to put it away. */
interface Store {
  readonly uow: UnitOfWork;
  close(): Promise<void>;
}

const serverUrl = process.env.TEST_DATABASE_URL;
const stores: [string, () => Promise<Store>][] = [
  ['memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} })],
  [
    'PGlite',
    async () => {
      const dataDir = await aMigratedDataDir('switchboard-sub-accounts-');
      const database = await openDatabase({ dataDir });
      return { uow: database.uow, close: async () => { await database.close(); await rm(dataDir, { recursive: true, force: true }); } };
    },
  ],
  ...(serverUrl
    ? [[
        'PostgreSQL',
        async () => {
          const scratch = await createScratchDatabase(serverUrl, 'sb_sub');
          const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
          return { uow: database.uow, close: async () => { await database.close(); await scratch.drop(); } };
        },
      ] as [string, () => Promise<Store>]]
    : []),
];

const SUB = 'x-sub-account-id';

let opened: { h: SwitchboardHarness; store: Store } | undefined;
afterEach(async () => {
  await opened?.h.close();
  await opened?.store.close();
  opened = undefined;
});

/** A signed-up parent (7.00 USD left after its first number) and a stranger project. */
const setUpOn = async (openStore: () => Promise<Store>) => {
  const store = await openStore();
  const h = await aSwitchboard({ uow: store.uow });
  opened = { h, store };
  const parent = await h.signedUp('reseller@example.com');
  const stranger = await h.signedUp('stranger@example.com');
  const as = (key: string, subAccountId?: string) => ({ key, ...(subAccountId ? { headers: { [SUB]: subAccountId } } : {}) });
  const open = async (name: string, body: Record<string, unknown> = {}) => {
    const reply = await h.call('POST', '/v1/sub-accounts', { key: parent.api_key, body: { name, ...body } });
    if (reply.status !== 201) throw new Error(`sub-account not opened: ${reply.text}`);
    return { id: reply.body.id as string, key: reply.body.apiKey.key as string, body: reply.body };
  };
  const client = (token: string) =>
    new AgentPhoneClient({ baseUrl: 'http://switchboard.test', token, maxRetries: 0, fetch: (input, init) => h.sut.fetch(new Request(input, init)) });
  const balance = async (key: string) => (await h.call('GET', '/v1/usage', { key })).body.balanceCents as number;
  return { h, parent, stranger, as, open, client, balance };
};

describe.each(stores)('sub-accounts over HTTP (%s)', (_, openStore) => {
  const setUp = () => setUpOn(openStore);

  it('opens, lists, renames and closes sub-accounts through the agentphone client', async () => {
    const { parent, client } = await setUp();
    const api = client(parent.api_key);
    const created = (await api.subAccounts.createSubAccount({ name: 'Acme Dental' })) as Record<string, unknown>;
    expect(created).toMatchObject({ name: 'Acme Dental', parentId: parent.project_id, balanceMode: 'shared', status: 'active', balanceCents: 700, numberLimit: 10 });
    expect(created.apiKey).toMatchObject({ key: expect.stringMatching(/^sk_/) });
    const id = created.id as string;

    expect(await api.subAccounts.listSubAccounts({ limit: 10 })).toMatchObject({ data: [{ id, name: 'Acme Dental' }], total: 1, hasMore: false });
    expect(await api.subAccounts.updateSubAccount({ sub_account_id: id, name: 'Acme Dental Group' })).toMatchObject({ id, name: 'Acme Dental Group' });
    expect(await api.subAccounts.deleteSubAccount({ sub_account_id: id })).toMatchObject({ id, status: 'closed' });

    expect(await api.subAccounts.listSubAccounts()).toMatchObject({ data: [], total: 0 });
    expect((await failureOf(api.subAccounts.updateSubAccount({ sub_account_id: id, name: 'Again' }))).statusCode).toBe(404);
    expect((await failureOf(client(String((created.apiKey as { key: string }).key)).agents.listAgents())).statusCode).toBe(401);
  });

  it('keeps each sub-account to itself: never its sibling’s or its parent’s data, whatever it names', async () => {
    const { h, parent, stranger, as, open } = await setUp();
    const [a, b] = [await open('A'), await open('B')];
    const contact = async (key: string, name: string, sub?: string) =>
      (await h.call('POST', '/v1/contacts', { ...as(key, sub), body: { name, phoneNumber: '+14155550100' } })).body.id as string;
    const [ofParent, ofA, ofB] = [await contact(parent.api_key, 'P'), await contact(a.key, 'A'), await contact(b.key, 'B')];
    await h.call('POST', '/v1/webhooks', { ...as(b.key), body: { url: 'https://b.example.com/hook' } });

    const names = async (key: string, sub?: string) => (await h.call('GET', '/v1/contacts', as(key, sub))).body.data.map((c: { name: string }) => c.name);
    expect(await names(a.key)).toEqual(['A']);
    expect(await names(b.key)).toEqual(['B']);
    expect(await names(parent.api_key)).toEqual(['P']);

    // A's key reaches neither B's nor the parent's records, by id or through the header.
    for (const id of [ofB, ofParent]) expect((await h.call('GET', `/v1/contacts/${id}`, as(a.key))).status).toBe(404);
    expect((await h.call('GET', `/v1/agents/${parent.agent_id}`, as(a.key))).status).toBe(404);
    expect((await h.call('GET', `/v1/numbers/${parent.number_id}`, as(a.key))).status).toBe(404);
    expect((await h.call('GET', '/v1/webhooks', as(a.key))).body).toBeNull();
    for (const named of [b.id, parent.project_id]) {
      const refused = await h.call('GET', '/v1/contacts', as(a.key, named));
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({ code: 'NOT_FOUND', type: 'not_found' });
    }
    // Naming itself is the same as naming nothing.
    expect(await names(a.key, a.id)).toEqual(['A']);

    // The parent reaches a child's records only through the header; a stranger not even so.
    expect((await h.call('GET', `/v1/contacts/${ofA}`, as(parent.api_key))).status).toBe(404);
    expect((await h.call('GET', `/v1/contacts/${ofA}`, as(parent.api_key, a.id))).body.name).toBe('A');
    expect((await h.call('GET', '/v1/webhooks', as(parent.api_key, b.id))).body.url).toBe('https://b.example.com/hook');
    expect((await h.call('GET', '/v1/contacts', as(stranger.api_key, a.id))).status).toBe(404);

    // What the parent makes through the header is the child's.
    const agent = await h.call('POST', '/v1/agents', { ...as(parent.api_key, a.id), body: { name: 'Front desk' } });
    const agentsOf = async (key: string) => (await h.call('GET', '/v1/agents', as(key))).body.data.map((x: { id: string }) => x.id);
    expect(await agentsOf(a.key)).toEqual([agent.body.id]);
    expect(await agentsOf(b.key)).toEqual([]);
    expect(await agentsOf(parent.api_key)).toEqual([parent.agent_id]);
  });

  it('lets only the parent manage its sub-accounts, one level deep', async () => {
    const { h, parent, stranger, as, open } = await setUp();
    const a = await open('A');
    expect((await h.call('GET', '/v1/sub-accounts', as(a.key))).body).toMatchObject({ data: [], total: 0 });
    const nested = await h.call('POST', '/v1/sub-accounts', { ...as(a.key), body: { name: 'A1' } });
    expect(nested.status).toBe(403);
    expect(nested.body.error.code).toBe('SUB_ACCOUNT_NESTED');
    expect((await h.call('GET', `/v1/sub-accounts/${a.id}`, as(stranger.api_key))).status).toBe(404);
    expect((await h.call('DELETE', `/v1/sub-accounts/${a.id}`, as(stranger.api_key))).status).toBe(404);
    expect((await h.call('GET', `/v1/sub-accounts/${a.id}`, as(parent.api_key))).body).toMatchObject({ id: a.id, status: 'active' });
    expect((await h.call('GET', `/v1/sub-accounts/${parent.project_id}`, as(parent.api_key))).status).toBe(404);

    const issued = await h.call('POST', `/v1/sub-accounts/${a.id}/api-keys`, { ...as(parent.api_key), body: { name: 'customer' } });
    expect(issued.status).toBe(201);
    await h.call('POST', '/v1/contacts', { ...as(a.key), body: { name: 'Only A', phoneNumber: '+14155550111' } });
    expect((await h.call('GET', '/v1/contacts', as(issued.body.key))).body.data.map((c: { name: string }) => c.name)).toEqual(['Only A']);
  });

  it('takes a shared-balance child’s charges off the parent’s balance, and an own-balance child’s off its own', async () => {
    const { h, parent, as, open, balance } = await setUp();
    const shared = await open('Shared');
    const own = await open('Own', { balanceMode: 'own', numberLimit: 2 });
    expect(own.body).toMatchObject({ balanceMode: 'own', balanceCents: 0, numberLimit: 2 });
    expect(await balance(shared.key)).toBe(700);

    const bought = await h.call('POST', '/v1/numbers', { ...as(shared.key), body: {} });
    expect(bought.status).toBe(200);
    expect(await balance(parent.api_key)).toBe(400);
    expect(await balance(shared.key)).toBe(400);
    const ledger = await queriesOf(h.uow).ledger.page(parent.project_id, { limit: 10, offset: 0 });
    expect(ledger?.items[0]).toMatchObject({ projectId: parent.project_id, resourceId: bought.body.id, amountCents: -300 });
    expect((await h.call('GET', '/v1/numbers', as(parent.api_key))).body.total).toBe(1);

    const refused = await h.call('POST', '/v1/numbers', { ...as(parent.api_key, own.id), body: {} });
    expect(refused.status).toBe(402);
    expect(await balance(parent.api_key)).toBe(400);

    // Closing waits for the child's numbers to be released; then its key and the header are refused.
    expect((await h.call('DELETE', `/v1/sub-accounts/${shared.id}`, as(parent.api_key))).status).toBe(409);
    expect((await h.call('DELETE', `/v1/numbers/${bought.body.id}`, as(parent.api_key, shared.id))).status).toBe(200);
    expect((await h.call('DELETE', `/v1/sub-accounts/${shared.id}`, as(parent.api_key))).body.status).toBe('closed');
    expect((await h.call('GET', '/v1/usage', as(shared.key))).status).toBe(401);
    expect((await h.call('GET', '/v1/usage', as(parent.api_key, shared.id))).status).toBe(404);
  });
});

// Input is checked before any store is asked: the in-memory one stands for all.
describe('POST /v1/sub-accounts', () => {
  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'A', balanceMode: 'pooled' }, 'balanceMode'],
    [{ name: 'A', numberLimit: 11 }, 'numberLimit'],
    [{ name: 'A', maxConcurrentCalls: 0 }, 'maxConcurrentCalls'],
  ])('refuses %o with 422 naming %s, opening nothing', async (body, field) => {
    const { h, parent, as } = await setUpOn(stores[0]![1]);
    const reply = await h.call('POST', '/v1/sub-accounts', { ...as(parent.api_key), body });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await h.call('GET', '/v1/sub-accounts', as(parent.api_key))).body.total).toBe(0);
  });
});
