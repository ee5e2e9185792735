import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/mikro-orm/database.js';
import { NodeCredentials } from '../../src/adapters/node-crypto/node-credentials.js';
import { trustE164 } from '../../src/domain/e164.js';
import { anAgent, anApiKey, aNumber, aProject } from '../support/builders.js';
import { eventually } from '../support/eventually.js';
import { FakeTwilioApi } from '../support/fake-twilio-api.js';
import { aFileDataDir } from '../support/file-data-dir.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token-0123456789';
const API_KEY = 'sk_live_outboxcrashtest0123456789';
const BURST = 60;
/** The carrier has this many of the burst's sends when the server is killed, the last one unanswered. */
const KILL_AT = 20;

const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

interface Answer {
  readonly status: number;
  readonly text: string;
}

const seed = async (database: Database) => {
  const project = aProject();
  const agent = anAgent({ projectId: project.id });
  const number = aNumber({ projectId: project.id, agentId: agent.id, phoneNumber: trustE164('+14155550100') });
  const key = anApiKey({ projectId: project.id, prefix: API_KEY.slice(0, 12), hash: new NodeCredentials().hashApiKey(API_KEY) });
  await database.uow.transaction(async (tx) => {
    await tx.projects.save(project);
    await tx.agents.save(agent);
    await tx.numbers.save(number);
    await tx.apiKeys.save(key);
    return E.right(undefined);
  });
  return agent;
};

/** The message id each of the carrier's sends was for, from its status callback URL. */
const messageIdsSent = (fake: FakeTwilioApi) =>
  fake.requestsTo('createMessage').map((r) => new URL(String(r.form.StatusCallback)).searchParams.get('messageId'));

describe.skipIf(!serverUrl)('outbound texts across a kill -9 (PostgreSQL)', () => {
  // The server keeps its admin token in DATA_DIR even on PostgreSQL: not the checkout's ./.switchboard.
  const dataDir = aFileDataDir('switchboard-texts-crash-');
  it('leaves no text queued and sends none twice when clients retry with their idempotency keys', { timeout: 180_000 }, async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_texts');
    cleanups.push(() => scratch.drop());
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    cleanups.push(() => database.close());
    const agent = await seed(database);
    const fake = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    cleanups.push(() => fake.stop());
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_API_URL: fake.url,
      SMS_SEND_LEASE: '2',
      RATE_LIMIT: '100000/1s',
    };
    const start = async () => {
      const server = await startServerProcess(env);
      cleanups.push(() => server.stop());
      return server;
    };
    const post = (server: ServerProcess, i: number): Promise<Answer> =>
      fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', 'idempotency-key': `burst-${i}` },
        body: JSON.stringify({ agent_id: agent.id, to_number: '+12125550199', body: `Text number ${i}` }),
      }).then(async (response) => ({ status: response.status, text: await response.text() }));

    const first = await start();
    fake.onRequest = (request) => {
      if (request.endpoint === 'createMessage' && fake.requestsTo('createMessage').length === KILL_AT) first.child.kill('SIGKILL');
    };
    const burst = await Promise.allSettled(Array.from({ length: BURST }, (_, i) => post(first, i)));
    fake.onRequest = null;
    const lost = burst.flatMap((result, i) => (result.status === 'rejected' ? [i] : []));
    expect(lost.length).toBeGreaterThan(0);

    // The clients whose request was cut off retry it with the same key until it is answered.
    const second = await start();
    const retried = new Map<number, Answer>();
    await eventually(
      async () => {
        for (const i of lost.filter((n) => !retried.has(n))) {
          const answer = await post(second, i);
          if (answer.status !== 409) retried.set(i, answer);
        }
        return retried.size === lost.length;
      },
      { what: () => `answers to ${lost.length} retries (${retried.size} so far)`, within: 60_000 },
    );
    const [stuck] = await database.orm.em.fork().execute(
      `select (select count(*) from messages where direction = 'outbound' and status = 'queued' and provider_message_id is null) as queued,
              (select count(*) from outbound_texts) as pending,
              (select count(*) from messages where direction = 'outbound') as stored`,
    );

    const answers = burst.map((result, i) => (result.status === 'fulfilled' ? result.value : retried.get(i)!));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: BURST }, () => 200));
    const answeredIds = answers.map((a) => JSON.parse(a.text).id as string);
    expect(new Set(answeredIds).size).toBe(BURST);
    expect({ queued: Number(stuck!.queued), pending: Number(stuck!.pending), stored: Number(stuck!.stored) }).toEqual({
      queued: 0,
      pending: 0,
      stored: BURST,
    });
    const sent = messageIdsSent(fake);
    expect(sent).toHaveLength(BURST);
    expect(new Set(sent)).toEqual(new Set(answeredIds));
  });
});
