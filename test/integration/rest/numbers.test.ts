import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { numberRoutes } from '../../../src/adapters/rest/routes/numbers.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { provisionNumberViaApi, createAgentViaApi, aRestApi } from './harness.js';

/** A carrier that refuses every purchase (one `failNext` is absorbed by the candidate retries). */
class RefusingCarrier extends SimulatedTelephony {
  override async purchaseNumber() {
    return E.left({ _tag: 'ProviderError' as const, message: 'purchase refused', providerCode: '21452' });
  }
}

describe(numberRoutes.name, () => {
  describe('POST /v1/numbers', () => {
    it('provisions a US number by default, with exact field names', async () => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/numbers', { body: {} });

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: expect.stringMatching(/^num_/),
        phoneNumber: expect.stringMatching(/^\+1\d{10}$/),
        country: 'US',
        status: 'active',
        type: 'local',
        agentId: null,
        capabilities: { sms: true, voice: true },
        createdAt: expect.any(String),
        releasedAt: null,
      });
    });

    it('charges the first month: 10.00 of credit leaves 7.00', async () => {
      const h = await aRestApi();

      await provisionNumberViaApi(h);

      expect(await h.balanceOf()).toBe(700);
      expect([...h.uow.tables.ledger.values()].map((e) => [e.reason, Number(e.amountCents)])).toEqual([
        ['signup_credit', 1000],
        ['number_first_month', -300],
      ]);
    });

    it('honours the area code and country, and configures the carrier webhooks', async () => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/numbers', { body: { country: 'CA', areaCode: '604' } });

      expect(reply.body).toMatchObject({ country: 'CA', phoneNumber: expect.stringMatching(/^\+1604/) });
      expect(h.telephony.heldNumbers()).toEqual([
        expect.objectContaining({ phoneNumber: reply.body.phoneNumber, webhooks: expect.objectContaining({ smsUrl: 'http://x/twilio/sms' }) }),
      ]);
    });

    it('attaches the new number when agentId is given', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);

      const reply = await h.call('POST', '/v1/numbers', { body: { agentId } });

      expect(reply.body.agentId).toBe(agentId);
      expect((await h.call('GET', `/v1/agents/${agentId}`)).body.numbers).toHaveLength(1);
    });

    it.each([
      ['GB', { country: 'GB' }, 'country', 'value_error'],
      ['a non-string country', { country: 1 }, 'country', 'type_error'],
      ['a 2-digit area code', { areaCode: '41' }, 'areaCode', 'value_error'],
      ['a lettered area code', { areaCode: 'abc' }, 'areaCode', 'value_error'],
      ['a numeric area code', { areaCode: 415 }, 'areaCode', 'type_error'],
    ])('rejects %s with 422 and charges nothing', async (_, body, field, type) => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/numbers', { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field, type })]);
      expect(await h.balanceOf()).toBe(1000);
      expect(h.telephony.heldNumbers()).toEqual([]);
    });

    it('answers 402 INSUFFICIENT_BALANCE once the credit is spent', async () => {
      const h = await aRestApi();
      for (let i = 0; i < 3; i++) await provisionNumberViaApi(h); // 10.00 → 1.00

      const reply = await h.call('POST', '/v1/numbers', { body: {} });

      expect(reply.status).toBe(402);
      expect(reply.body.error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', type: 'billing_error' });
      expect(reply.body.error.message).toContain('1.00 USD');
      expect(reply.body.error.message).toContain('3.00 USD');
      expect(await h.balanceOf()).toBe(100);
      expect(h.telephony.heldNumbers()).toHaveLength(3);
    });

    it('enforces the lifetime limit of 10 numbers: releasing does not free room', async () => {
      const h = await aRestApi();
      await h.topUp(100_000);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push(await provisionNumberViaApi(h));
      await h.call('DELETE', `/v1/numbers/${ids[0]}`);

      const reply = await h.call('POST', '/v1/numbers', { body: {} });

      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR_NUMBER_LIMIT', type: 'validation_error' });
      expect(h.uow.tables.numbers.size).toBe(10);
    });

    it('leaves nothing behind when the carrier fails to configure: 502 TWILIO_ERROR', async () => {
      const h = await aRestApi();
      h.telephony.failNext('configure');

      const reply = await h.call('POST', '/v1/numbers', { body: {} });

      expect(reply.status).toBe(502);
      expect(reply.body.error).toMatchObject({ code: 'TWILIO_ERROR', type: 'carrier_error' });
      expect(h.uow.tables.numbers.size).toBe(0);
      expect(await h.balanceOf()).toBe(1000);
      expect(h.uow.tables.ledger.size).toBe(1);
      expect(h.telephony.heldNumbers()).toEqual([]);
    });

    it('holds nothing when the carrier refuses the purchase: 502', async () => {
      const h = await aRestApi({ telephony: new RefusingCarrier() });

      const reply = await h.call('POST', '/v1/numbers', { body: {} });

      expect(reply.status).toBe(502);
      expect(reply.body.error.code).toBe('TWILIO_ERROR');
      expect(h.telephony.heldNumbers()).toEqual([]);
      expect(h.uow.tables.numbers.size).toBe(0);
      expect(await h.balanceOf()).toBe(1000);
    });

    it('answers 502 when the carrier search fails', async () => {
      const h = await aRestApi();
      h.telephony.failNext('search');

      const reply = await h.call('POST', '/v1/numbers', { body: {} });

      expect(reply.status).toBe(502);
      expect(h.uow.tables.numbers.size).toBe(0);
    });

    it('answers 503 NO_NUMBERS_AVAILABLE when the carrier has none there', async () => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/numbers', { body: { country: 'US', areaCode: '604' } });

      expect(reply.status).toBe(503);
      expect(reply.body.error).toMatchObject({ code: 'NO_NUMBERS_AVAILABLE', type: 'carrier_error' });
      expect(await h.balanceOf()).toBe(1000);
    });
  });

  describe('GET /v1/numbers', () => {
    it('lists live numbers only, paged', async () => {
      const h = await aRestApi();
      const first = await provisionNumberViaApi(h);
      const second = await provisionNumberViaApi(h);
      const third = await provisionNumberViaApi(h);
      await h.call('DELETE', `/v1/numbers/${second}`);

      const page1 = await h.call('GET', '/v1/numbers?limit=1');
      const page2 = await h.call('GET', '/v1/numbers?limit=1&offset=1');

      expect(page1.body).toMatchObject({ hasMore: true, total: 2, data: [expect.objectContaining({ id: first })] });
      expect(page2.body).toMatchObject({ hasMore: false, total: 2, data: [expect.objectContaining({ id: third })] });
    });

    it.each(['limit=101', 'limit=0', 'offset=-5', 'limit=ten'])('rejects %s with 422', async (query) => {
      const { call } = await aRestApi();

      const reply = await call('GET', `/v1/numbers?${query}`);

      expect(reply.status).toBe(422);
      expect(reply.body.detail[0].loc[0]).toBe('query');
    });
  });

  describe('GET /v1/numbers/{id}', () => {
    it('finds released numbers too', async () => {
      const h = await aRestApi();
      const numberId = await provisionNumberViaApi(h);
      await h.call('DELETE', `/v1/numbers/${numberId}`);

      const reply = await h.call('GET', `/v1/numbers/${numberId}`);

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: numberId, status: 'released', agentId: null });
      expect(new Date(reply.body.releasedAt).toISOString()).toBe(reply.body.releasedAt);
    });

    it('answers 404 PHONE_NUMBER_NOT_FOUND for an unknown id', async () => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/v1/numbers/num_missing');

      expect(reply.status).toBe(404);
      expect(reply.body.error).toMatchObject({ code: 'PHONE_NUMBER_NOT_FOUND', type: 'not_found' });
    });
  });

  describe('DELETE /v1/numbers/{id}', () => {
    it('releases the number at the carrier and keeps the record', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h, { agentId });

      const reply = await h.call('DELETE', `/v1/numbers/${numberId}`);

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, id: numberId, phoneNumber: expect.stringMatching(/^\+1/), status: 'released' });
      expect(h.telephony.heldNumbers()).toEqual([]);
      expect(h.uow.tables.numbers.get(numberId)).toMatchObject({ status: 'released', agentId: null });
    });

    it('answers 400 when the number is already released', async () => {
      const h = await aRestApi();
      const numberId = await provisionNumberViaApi(h);
      await h.call('DELETE', `/v1/numbers/${numberId}`);

      const reply = await h.call('DELETE', `/v1/numbers/${numberId}`);

      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe('BAD_REQUEST');
    });

    it('keeps the number live when the carrier refuses the release: 502', async () => {
      const h = await aRestApi();
      const numberId = await provisionNumberViaApi(h);
      h.telephony.failNext('release');

      const reply = await h.call('DELETE', `/v1/numbers/${numberId}`);

      expect(reply.status).toBe(502);
      expect(h.uow.tables.numbers.get(numberId)!.status).toBe('active');
    });
  });

  describe("another project's number", () => {
    it('is not found, listed, released or attached', async () => {
      const h = await aRestApi();
      const numberId = await provisionNumberViaApi(h);
      const stranger = await h.signUp('stranger@example.com');
      const as = { key: stranger.key };

      const read = await h.call('GET', `/v1/numbers/${numberId}`, as);
      const release = await h.call('DELETE', `/v1/numbers/${numberId}`, as);
      const list = await h.call('GET', '/v1/numbers', as);

      expect([read.status, release.status]).toEqual([404, 404]);
      expect(read.body.error.code).toBe('PHONE_NUMBER_NOT_FOUND');
      expect(list.body).toEqual({ data: [], hasMore: false, total: 0 });
      expect(h.uow.tables.numbers.get(numberId)!.status).toBe('active');
    });

    it("cannot be provisioned onto another project's agent", async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const stranger = await h.signUp('stranger@example.com');

      const reply = await h.call('POST', '/v1/numbers', { key: stranger.key, body: { agentId } });

      expect(reply.status).toBe(404);
      expect(await h.balanceOf(stranger.projectId)).toBe(1000);
      expect(h.telephony.heldNumbers()).toEqual([]);
    });
  });
});
