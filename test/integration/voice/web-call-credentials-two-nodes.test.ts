import { trustMailbox } from '../../../src/domain/mailbox.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import { WebCallCredentialKeeper } from '../../../src/application/voice/web-call-credential-keeper.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { FakeTwilioApi } from '../../support/fake-twilio-api.js';
import { addWebCallResourcesApi } from '../../support/fake-twilio-web-call-resources.js';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratch-database.js';
import { eventually } from '../../support/eventually.js';
import { aFileDataDir } from '../../support/file-data-dir.js';
import { RecordingLogger } from '../rest/harness.js';
import { ACCOUNT_SID, AUTH_TOKEN } from './voice-harness.js';

const PUBLIC_URL = 'https://switchboard.example.com';
const serverUrl = process.env.TEST_DATABASE_URL;

/** The API key SID a Voice SDK token is signed with. */
const issuerOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iss;

/**
 * Passes every request on to `target`, holding API key creations until `release()`: while one
 * node's creation is held, the test sees whether the other node creates a key too, or waits.
 */
const aHoldingProxy = async (target: string) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let keyCreations = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'POST' && req.url?.endsWith('/Keys.json')) {
      keyCreations++;
      await gate;
    }
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keyCreations: () => keyCreations,
    release,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** How many sessions of this database (pg_locks shows the whole server's) wait for an advisory lock right now. */
const advisoryLockWaiters = async (databaseUrl: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(`select count(*)::int as waiting from pg_locks
       where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`);
    return result.rows[0].waiting;
  } finally {
    await client.end();
  }
};

describe(`${WebCallCredentialKeeper.name} on several nodes`, () => {
  // The nodes keep their admin token in DATA_DIR: a temporary one, not the checkout's ./.switchboard.
  const dataDir = aFileDataDir('switchboard-web-call-nodes-');
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Nodes of one deployment: one Twilio account (a fake REST API), one shared storage. */
  const aDeployment = async (storage: { readonly unitOfWork?: UnitOfWork; readonly databaseUrl?: string }) => {
    const fake = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    cleanups.push(() => fake.stop());
    const resources = addWebCallResourcesApi(fake);
    const proxy = await aHoldingProxy(fake.url);
    cleanups.push(() => proxy.stop());
    const aNode = async (): Promise<Switchboard> => {
      const node = createSwitchboard({
        env: {},
        logger: new RecordingLogger(),
        unitOfWork: storage.unitOfWork,
        config: { dataDir, publicUrl: PUBLIC_URL, databaseUrl: storage.databaseUrl ?? null, twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: proxy.url } },
      });
      cleanups.push(() => node.close());
      await node.start(); // one at a time: the first one migrates a fresh database
      return node;
    };
    const nodes = [await aNode(), await aNode()] as const;
    const created = await nodes[0].useCases().projects.createProject.execute({ email: trustMailbox('two-nodes@example.com') })();
    if (E.isLeft(created)) throw new Error('project not created');
    const key = created.right.apiKey.clear;
    const api = async (node: Switchboard, path: string, body: unknown) => {
      const response = await node.fetch(
        new Request(`${PUBLIC_URL}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      );
      return { status: response.status, body: await response.json() };
    };
    const agent = await api(nodes[0], '/v1/agents', { name: 'Front desk' });
    const webCall = (node: Switchboard) => api(node, '/v1/calls/web', { agentId: agent.body.id });
    return { fake, resources, proxy, nodes, webCall };
  };

  it('has the second node use the key and TwiML App the first one made', async () => {
    const { fake, resources, proxy, nodes, webCall } = await aDeployment({ unitOfWork: new InMemoryUnitOfWork() });
    proxy.release();

    const onFirst = await webCall(nodes[0]);
    const onSecond = await webCall(nodes[1]);

    expect([onFirst.status, onSecond.status]).toEqual([200, 200]);
    expect(fake.requestsTo('createKey')).toHaveLength(1);
    expect(fake.requestsTo('createApplication')).toHaveLength(1);
    expect(issuerOf(onSecond.body.accessToken)).toBe([...resources.keys.keys()][0]);
  });

  describe.skipIf(!serverUrl)('on PostgreSQL', () => {
    let scratch: ScratchDatabase;

    it('makes one key and one TwiML App for concurrent first web calls on both nodes', async () => {
      scratch = await createScratchDatabase(serverUrl!, 'sb_web_calls');
      cleanups.push(() => scratch.drop());
      const { fake, resources, proxy, nodes, webCall } = await aDeployment({ databaseUrl: scratch.url });

      const answering = Promise.all([webCall(nodes[0]), webCall(nodes[1]), webCall(nodes[0]), webCall(nodes[1])]);
      // One node's key creation is held. The other node either creates a key as well (two
      // creations reach the proxy) or waits for the account's lock: whichever comes first.
      await eventually(async () => proxy.keyCreations() > 1 || (proxy.keyCreations() === 1 && (await advisoryLockWaiters(scratch.url)) > 0), { within: 10_000, what: 'the second node to create a key or wait' });
      proxy.release();
      const answers = await answering;

      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(fake.requestsTo('createKey')).toHaveLength(1);
      expect(fake.requestsTo('createApplication')).toHaveLength(1);
      expect(new Set(answers.map((a) => issuerOf(a.body.accessToken)))).toEqual(new Set(resources.keys.keys()));
    });
  });
});
