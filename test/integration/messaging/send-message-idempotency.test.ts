import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { ProviderFailure } from '../../../src/application/ports/provider-failure.js';
import type { OutboundSms, SentSms } from '../../../src/application/ports/telephony.js';
import { messageRoutes } from '../../../src/adapters/rest/routes/messages.js';
import { createAgentViaApi, provisionNumberViaApi } from '../rest/harness.js';
import { aMessagingApi } from './messaging-harness.js';
import { eventually } from '../../support/eventually.js';

const TO = '+12125550199';

/** The simulated carrier, holding each send's answer until the test lets it go. */
class SlowCarrier extends SimulatedTelephony {
  private gate: Promise<void> | null = null;
  private open: () => void = () => undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.gate = null;
  }

  override async sendSms(sms: OutboundSms): Promise<E.Either<ProviderFailure, SentSms>> {
    await this.gate;
    return super.sendSms(sms);
  }
}

const aSender = async (telephony?: SimulatedTelephony) => {
  const api = await aMessagingApi(telephony ? { telephony } : {});
  const { agentId } = await api.anAgentWithNumber();
  const post = (body: Record<string, unknown>, key: string | null, apiKey?: string) =>
    api.call('POST', '/v1/messages', { body: { agent_id: agentId, to_number: TO, ...body }, headers: key ? { 'Idempotency-Key': key } : {}, key: apiKey });
  return { ...api, agentId, post };
};

describe(messageRoutes.name, () => {
  describe('POST /v1/messages with an Idempotency-Key', () => {
    it('answers a retry with the first answer, status and body, and sends one text', async () => {
      const api = await aSender();

      const first = await api.post({ body: 'Your table is ready' }, 'order-1234');
      const retry = await api.post({ body: 'Your table is ready' }, 'order-1234');

      expect(first.status).toBe(200);
      expect([retry.status, retry.text]).toEqual([first.status, first.text]);
      expect(api.telephony.outbox).toHaveLength(1);
      expect([...api.uow.tables.messages.values()].filter((m) => m.direction === 'outbound')).toHaveLength(1);
    });

    it('answers a retry of a request the carrier refused with the same refusal, without asking the carrier again', async () => {
      const api = await aSender();
      api.telephony.failNext('sendSms', 'Message from an Unregistered Number', '30034');

      const first = await api.post({ body: 'Hello' }, 'refused-1');
      const retry = await api.post({ body: 'Hello' }, 'refused-1');

      expect(first.status).toBe(502);
      expect(first.body.error.code).toBe('TWILIO_ERROR');
      expect([retry.status, retry.text]).toEqual([first.status, first.text]);
      expect(api.telephony.outbox).toEqual([]);
    });

    it('refuses the key with another request as 422 IDEMPOTENCY_KEY_REUSED, and sends nothing for it', async () => {
      const api = await aSender();
      await api.post({ body: 'First text' }, 'reused-key');

      const other = await api.post({ body: 'A different text' }, 'reused-key');

      expect(other.status).toBe(422);
      expect(other.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', type: 'idempotency_error' });
      expect(other.body.error.message).toMatch(/already used with a different request/);
      expect(api.telephony.outbox.map((s) => s.body)).toEqual(['First text']);
    });

    it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request is still sending, then its answer', async () => {
      const telephony = new SlowCarrier();
      const api = await aSender(telephony);
      telephony.hold();

      const first = api.post({ body: 'Slow one' }, 'slow-key');
      await eventually(() => api.uow.tables.outboundTexts.size === 1, { what: 'the first request to store its text' });
      const during = await api.post({ body: 'Slow one' }, 'slow-key');
      telephony.release();
      const answered = await first;
      const after = await api.post({ body: 'Slow one' }, 'slow-key');

      expect(during.status).toBe(409);
      expect(during.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', type: 'idempotency_error' });
      expect([after.status, after.text]).toEqual([answered.status, answered.text]);
      expect(telephony.outbox).toHaveLength(1);
    });

    it('keeps keys per project: another project with the same key sends its own text', async () => {
      const api = await aSender();
      const other = await api.signUp('other@example.com');
      const otherAgent = await createAgentViaApi(api, {}, other.key);
      await provisionNumberViaApi(api, { agentId: otherAgent }, other.key);

      const mine = await api.post({ body: 'Same words' }, 'shared-key');
      const theirs = await api.call('POST', '/v1/messages', {
        body: { agent_id: otherAgent, to_number: TO, body: 'Same words' },
        headers: { 'Idempotency-Key': 'shared-key' },
        key: other.key,
      });

      expect([mine.status, theirs.status]).toEqual([200, 200]);
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect(api.telephony.outbox).toHaveLength(2);
    });

    it('sends again without a key, as before', async () => {
      const api = await aSender();

      await api.post({ body: 'Twice' }, null);
      await api.post({ body: 'Twice' }, null);

      expect(api.telephony.outbox).toHaveLength(2);
    });

    it.each([
      ['an empty key', ''],
      ['a key of 256 characters', 'k'.repeat(256)],
      ['a key with a space', 'two words'],
    ])('refuses %s as 422 VALIDATION_ERROR naming the header', async (_, key) => {
      const api = await aSender();

      const reply = await api.call('POST', '/v1/messages', {
        body: { agent_id: api.agentId, to_number: TO, body: 'x' },
        headers: { 'Idempotency-Key': key },
      });

      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'Idempotency-Key' })] });
      expect(api.telephony.outbox).toEqual([]);
    });
  });
});
