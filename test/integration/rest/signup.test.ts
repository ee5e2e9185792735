import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { signUpRoutes } from '../../../src/adapters/rest/routes/signup.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { DependencyUnavailable } from '../../../src/application/ports/dependency-unavailable.js';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import { aSwitchboard, codeIn, type SwitchboardHarness } from '../../support/switchboard-harness.js';

/** A carrier that refuses every purchase (one `failNext` is absorbed by the candidate retries). */
class RefusingCarrier extends SimulatedTelephony {
  override async purchaseNumber() {
    return E.left({ _tag: 'ProviderError' as const, message: 'purchase refused', providerCode: '21452' });
  }
}

class SoldOutCarrier extends SimulatedTelephony {
  override async searchNumbers() {
    return E.right([]);
  }
}

/** In-memory storage whose API-key writes fail as if the database had gone away, when told to. */
class KeyWritesFail implements UnitOfWork {
  failing = false;
  constructor(readonly inner: InMemoryUnitOfWork) {}
  transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>) {
    return this.inner.transaction((tx) => {
      if (!this.failing) return work(tx);
      const save = async () => {
        throw new DependencyUnavailable('database', { cause: new Error('connect ECONNREFUSED') });
      };
      return work({ ...tx, apiKeys: { ...tx.apiKeys, save } });
    });
  }
  ping() {
    return this.inner.ping();
  }
}

/** Nothing of a sign-up may remain: no project, key, agent, number, charge or held number. */
const expectNothingProvisioned = async (h: SwitchboardHarness, email: string) => {
  expect(await h.read((tx) => tx.projects.findByEmail(email))).toBeNull();
  const tables = (h.uow as InMemoryUnitOfWork).tables ?? (h.uow as KeyWritesFail).inner.tables;
  expect([tables.projects.size, tables.apiKeys.size, tables.agents.size, tables.numbers.size, tables.ledger.size]).toEqual([0, 0, 0, 0, 0]);
  expect(h.telephony.heldNumbers()).toEqual([]);
};

describe(signUpRoutes.name, () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  describe('with a real SMTP server', () => {
    const received: string[] = [];
    let smtp: SMTPServer;
    let port: number;
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          let data = '';
          stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push(data);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      port = (smtp.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => smtp.close(resolve));
    });

    it('mails the code; verifying it returns a key that lists the starter agent and its number', async () => {
      h = await aSwitchboard({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Switchboard <signup@switchboard.test>' } });

      const started = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'Ada@Example.com', agent_name: 'Front desk' } });
      expect(started.status).toBe(200);
      expect(started.body).toEqual({
        verification_id: expect.stringMatching(/^ver_/),
        human_email: 'Ada@example.com',
        expires_at: '2026-03-10T12:10:00.000Z',
        message: expect.stringContaining('Ada@example.com'),
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: Ada@example\.com/m);
      expect(received[0]).toMatch(/^From: Switchboard <signup@switchboard\.test>/m);
      expect(h.loggedCodes()).toEqual([]); // SMTP configured: the code is not logged

      const verified = await h.verify(started.body.verification_id, codeIn(received[0]!));

      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({
        account_id: expect.stringMatching(/^acct_/),
        project_id: expect.stringMatching(/^proj_/),
        agent_id: expect.stringMatching(/^agt_/),
        number_id: expect.stringMatching(/^num_/),
        phone_number: expect.stringMatching(/^\+1\d{10}$/),
        api_key: expect.stringMatching(/^sk_live_/),
      });
      const key = verified.body.api_key;
      const agents = await h.call('GET', '/v1/agents', { key });
      expect(agents.body.data).toEqual([
        expect.objectContaining({
          id: verified.body.agent_id,
          name: 'Front desk',
          voiceMode: 'hosted',
          systemPrompt: expect.stringContaining('Front desk'),
          numbers: [expect.objectContaining({ id: verified.body.number_id, phoneNumber: verified.body.phone_number })],
        }),
      ]);
      const numbers = await h.call('GET', '/v1/numbers', { key });
      expect(numbers.body.data).toEqual([
        expect.objectContaining({ id: verified.body.number_id, phoneNumber: verified.body.phone_number, agentId: verified.body.agent_id }),
      ]);
      expect(h.telephony.heldNumbers().map((n) => n.phoneNumber)).toEqual([verified.body.phone_number]);
    });
  });

  describe('with the console mailer (no SMTP_URL)', () => {
    it('logs the code, and the same flow completes with it', async () => {
      h = await aSwitchboard();

      const id = await h.startSignUp('grace@example.com');
      const [code] = h.loggedCodes();
      const verified = await h.verify(id, code!);

      expect(verified.status).toBe(200);
      const agents = await h.call('GET', '/v1/agents', { key: verified.body.api_key });
      expect(agents.body.data).toEqual([expect.objectContaining({ name: 'Starter agent', voiceMode: 'hosted' })]);
      const numbers = await h.call('GET', '/v1/numbers', { key: verified.body.api_key });
      expect(numbers.body.data.map((n: { id: string }) => n.id)).toEqual([verified.body.number_id]);
    });

    it('creates the project with the sign-up credit less the first month, in one account', async () => {
      h = await aSwitchboard();

      const done = await h.signedUp('ledger@example.com');

      const usage = await h.call('GET', '/v1/usage', { key: done.api_key });
      expect(usage.body).toMatchObject({ balanceCents: 700, balance: 7, numbers: { active: 1, provisionedLifetime: 1, limit: 10 } });
      expect(done.account_id).toBe(done.project_id.replace(/^proj_/, 'acct_'));
    });
  });

  describe('POST /v0/agent/sign-up', () => {
    it.each([
      ['not an address', { human_email: 'not-an-address' }, 'human_email', 'value_error'],
      ['no domain dot', { human_email: 'a@localhost' }, 'human_email', 'value_error'],
      ['missing', {}, 'human_email', 'missing'],
      ['a number', { human_email: 42 }, 'human_email', 'type_error'],
      ['an empty agent name', { human_email: 'a@example.com', agent_name: ' ' }, 'agent_name', 'value_error'],
    ])('rejects %s with 422 and details, sending nothing', async (_, body, field, type) => {
      h = await aSwitchboard();

      const reply = await h.call('POST', '/v0/agent/sign-up', { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field, type })]);
      expect(h.loggedCodes()).toEqual([]);
    });

    it('answers 409 for an address that already has a project', async () => {
      h = await aSwitchboard();
      await h.signedUp('taken@example.com');

      const reply = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'TAKEN@example.com' } });

      expect(reply.status).toBe(409);
      expect(reply.body.error.code).toBe('CONFLICT');
      expect(h.loggedCodes()).toHaveLength(1);
    });

    it('needs no API key and stores only the hash of the code', async () => {
      h = await aSwitchboard();

      const id = await h.startSignUp('hash@example.com');

      const stored = await h.read((tx) => tx.signUps.findById(id));
      expect(stored).toMatchObject({ email: 'hash@example.com', status: 'pending', attempts: 0, codeHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(JSON.stringify(stored)).not.toContain(h.loggedCodes()[0]);
    });

    it('answers 503 and keeps no verification when the code cannot be mailed', async () => {
      h = await aSwitchboard({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });

      const reply = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'unmailable@example.com' } });

      expect(reply.status).toBe(503);
      expect(reply.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('could not be sent') });
      expect((h.uow as InMemoryUnitOfWork).tables.signUps.size).toBe(0);
      expect(h.logger.lines).toContainEqual(
        expect.objectContaining({ level: 'error', message: 'sign-up code could not be mailed', fields: expect.objectContaining({ reason: expect.any(String) }) }),
      );
    });

    it('limits sign-ups per address with 429 and Retry-After', async () => {
      h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_EMAIL: '2/1h' } });
      await h.startSignUp('busy@example.com');
      await h.startSignUp('busy@example.com');

      const reply = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'Busy@example.com' } });

      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(reply.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit_error' });
      expect(reply.body.error.message).toContain('2 requests per 3600 seconds');
      expect(h.loggedCodes()).toHaveLength(2);
      expect((await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'other@example.com' } })).status).toBe(200);
    });
  });

  describe('5xx answers', () => {
    it.each([
      ['a carrier error (502)', () => new SimulatedTelephony(), 502],
      ['no number available (503)', () => new SoldOutCarrier(), 503],
    ])('log %s at error level with the request id the response carries', async (_, carrier, status) => {
      const telephony = carrier();
      h = await aSwitchboard({ telephony });
      const id = await h.startSignUp('five-hundred@example.com');
      telephony.failNext('configure');

      const reply = await h.call('POST', '/v0/agent/verify', {
        body: { verification_id: id, otp_code: h.loggedCodes()[0] },
        headers: { 'X-Request-Id': 'req-5xx' },
      });

      expect(reply.status).toBe(status);
      expect(reply.headers.get('x-request-id')).toBe('req-5xx');
      expect(h.logger.lines).toContainEqual(
        expect.objectContaining({ level: 'error', fields: expect.objectContaining({ requestId: 'req-5xx', status }) }),
      );
    });
  });

  describe('served by a Node http server', () => {
    let server: Server;
    afterEach(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it('limits sign-ups per client IP, read from the socket, not from X-Forwarded-For', async () => {
      h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_IP: '2/1h' } });
      server = createServer(h.sut.requestListener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0/agent/sign-up`;
      const signUp = (email: string, forwardedFor: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ human_email: email }),
        });

      const statuses = [(await signUp('a@example.com', '10.0.0.1')).status, (await signUp('b@example.com', '10.0.0.2')).status];
      const refused = await signUp('c@example.com', '10.0.0.3');

      expect(statuses).toEqual([200, 200]);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await refused.json()).error.message).toContain('sign-ups per client IP');
    });
  });

  describe('POST /v0/agent/verify', () => {
    it('refuses three wrong codes, then even the right one, and provisions nothing', async () => {
      h = await aSwitchboard();
      const id = await h.startSignUp('wrong@example.com');
      const code = h.loggedCodes()[0]!;
      const wrong = code === '000000' ? '111111' : '000000';

      const replies = [await h.verify(id, wrong), await h.verify(id, wrong), await h.verify(id, wrong), await h.verify(id, code)];

      expect(replies.map((r) => [r.status, r.body.error.code])).toEqual([
        [400, 'INVALID_CODE'],
        [400, 'INVALID_CODE'],
        [400, 'INVALID_CODE'],
        [400, 'CODE_EXHAUSTED'],
      ]);
      expect(replies[0]!.body.error.message).toContain('2 attempts left');
      expect(await h.read((tx) => tx.signUps.findById(id))).toMatchObject({ attempts: 3, status: 'pending' });
      await expectNothingProvisioned(h, 'wrong@example.com');
    });

    it('accepts the right code after a wrong one', async () => {
      h = await aSwitchboard();
      const id = await h.startSignUp('second-try@example.com');
      const code = h.loggedCodes()[0]!;

      await h.verify(id, code === '000000' ? '111111' : '000000');
      const reply = await h.verify(id, code);

      expect(reply.status).toBe(200);
    });

    it('refuses an expired code with CODE_EXPIRED', async () => {
      const clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
      h = await aSwitchboard({ clock });
      const id = await h.startSignUp('late@example.com');

      clock.advance(10 * 60 * 1000);
      const reply = await h.verify(id, h.loggedCodes()[0]!);

      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'CODE_EXPIRED', type: 'validation_error' });
      await expectNothingProvisioned(h, 'late@example.com');
    });

    it('accepts the code just before it expires', async () => {
      const clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
      h = await aSwitchboard({ clock });
      const id = await h.startSignUp('just-in-time@example.com');

      clock.advance(10 * 60 * 1000 - 1);

      expect((await h.verify(id, h.loggedCodes()[0]!)).status).toBe(200);
    });

    it('answers a second verification with 409 and creates no second project', async () => {
      h = await aSwitchboard();
      const id = await h.startSignUp('twice@example.com');
      const code = h.loggedCodes()[0]!;
      const first = await h.verify(id, code);

      const second = await h.verify(id, code);

      expect(second.status).toBe(409);
      expect(second.body.error.message).toContain('already completed');
      expect(second.body.error.message).toContain(first.body.project_id);
      expect(second.text).not.toContain(first.body.api_key);
      const tables = (h.uow as InMemoryUnitOfWork).tables;
      expect([tables.projects.size, tables.apiKeys.size, tables.numbers.size]).toEqual([1, 1, 1]);
      expect(h.telephony.heldNumbers()).toHaveLength(1);
    });

    it('answers an unknown verification id with 404', async () => {
      h = await aSwitchboard();

      const reply = await h.verify('ver_nope', '123456');

      expect(reply.status).toBe(404);
      expect(reply.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Verification ver_nope not found' });
    });

    it.each([
      ['a 5-digit code', '12345'],
      ['letters', 'abcdef'],
    ])('rejects %s with 422 without counting an attempt', async (_, otp) => {
      h = await aSwitchboard();
      const id = await h.startSignUp('format@example.com');

      const reply = await h.verify(id, otp);

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'otp_code' })]);
      expect(await h.read((tx) => tx.signUps.findById(id))).toMatchObject({ attempts: 0 });
    });

    it('leaves nothing when configuring the number fails, and the code still works afterwards', async () => {
      h = await aSwitchboard();
      const id = await h.startSignUp('configure@example.com');
      h.telephony.failNext('configure');

      const reply = await h.verify(id, h.loggedCodes()[0]!);

      expect(reply.status).toBe(502);
      expect(reply.body.error).toMatchObject({ code: 'TWILIO_ERROR', type: 'carrier_error' });
      await expectNothingProvisioned(h, 'configure@example.com');
      expect((await h.verify(id, h.loggedCodes()[0]!)).status).toBe(200);
    });

    it('leaves nothing when the carrier refuses every purchase', async () => {
      h = await aSwitchboard({ telephony: new RefusingCarrier() });
      const id = await h.startSignUp('purchase@example.com');

      const reply = await h.verify(id, h.loggedCodes()[0]!);

      expect(reply.status).toBe(502);
      expect(reply.body.error.code).toBe('TWILIO_ERROR');
      await expectNothingProvisioned(h, 'purchase@example.com');
    });

    it('buys the next candidate when one purchase fails, holding exactly one number', async () => {
      h = await aSwitchboard();
      const id = await h.startSignUp('retry@example.com');
      h.telephony.failNext('purchase');

      const reply = await h.verify(id, h.loggedCodes()[0]!);

      expect(reply.status).toBe(200);
      expect(h.telephony.heldNumbers().map((n) => n.phoneNumber)).toEqual([reply.body.phone_number]);
    });

    it('answers 503 when no number is available, provisioning nothing', async () => {
      h = await aSwitchboard({ telephony: new SoldOutCarrier() });
      const id = await h.startSignUp('soldout@example.com');

      const reply = await h.verify(id, h.loggedCodes()[0]!);

      expect(reply.status).toBe(503);
      expect(reply.body.error.code).toBe('NO_NUMBERS_AVAILABLE');
      await expectNothingProvisioned(h, 'soldout@example.com');
    });

    it('rolls everything back and releases the number when the database goes away mid-way (503, logged with the request id)', async () => {
      const uow = new KeyWritesFail(new InMemoryUnitOfWork());
      h = await aSwitchboard({ uow });
      const id = await h.startSignUp('db-down@example.com');
      uow.failing = true;

      const reply = await h.call('POST', '/v0/agent/verify', {
        body: { verification_id: id, otp_code: h.loggedCodes()[0] },
        headers: { 'X-Request-Id': 'req-db-down' },
      });

      expect(reply.status).toBe(503);
      expect(reply.headers.get('x-request-id')).toBe('req-db-down');
      expect(reply.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', type: 'server_error' });
      expect(reply.text).not.toContain('ECONNREFUSED');
      const errors = h.logger.lines.filter((line) => line.level === 'error');
      expect(errors.some((line) => line.fields.requestId === 'req-db-down' && line.fields.status === 503)).toBe(true);
      uow.failing = false;
      await expectNothingProvisioned(h, 'db-down@example.com');
      expect(await h.read((tx) => tx.signUps.findById(id))).toMatchObject({ status: 'pending', attempts: 0 });
    });
  });
});
