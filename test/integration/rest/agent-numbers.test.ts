import { describe, expect, it } from 'vitest';
import { agentRoutes } from '../../../src/adapters/rest/routes/agents.js';
import { provisionNumberViaApi, createAgentViaApi, aRestApi } from './harness.js';

describe(`${agentRoutes.name}: numbers and other projects`, () => {
  describe('numbers of an agent', () => {
    it('attaches a number', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h);

      const reply = await h.call('POST', `/v1/agents/${agentId}/numbers`, { body: { numberId } });

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        agentId,
        number: { id: numberId, phoneNumber: expect.stringMatching(/^\+1/), status: 'active', type: 'local' },
      });
      expect(h.uow.tables.numbers.get(numberId)!.agentId).toBe(agentId);
    });

    it('refuses a released number with 400', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h);
      await h.call('DELETE', `/v1/numbers/${numberId}`);

      const reply = await h.call('POST', `/v1/agents/${agentId}/numbers`, { body: { numberId } });

      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'BAD_REQUEST', type: 'validation_error' });
    });

    it('moves a number attached to another agent: a number has one agent at a time', async () => {
      const h = await aRestApi();
      const first = await createAgentViaApi(h);
      const second = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h, { agentId: first });

      const reply = await h.call('POST', `/v1/agents/${second}/numbers`, { body: { numberId } });

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ agentId: second, number: { id: numberId, status: 'active' } });
      expect(h.uow.tables.numbers.get(numberId)!.agentId).toBe(second);
      expect((await h.call('GET', `/v1/agents/${first}`)).body.numbers).toEqual([]);
      expect((await h.call('GET', `/v1/agents/${second}`)).body.numbers).toEqual([expect.objectContaining({ id: numberId })]);
    });

    it('attaches a number again to the agent that has it, changing nothing', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h, { agentId });

      const reply = await h.call('POST', `/v1/agents/${agentId}/numbers`, { body: { numberId } });

      expect(reply.status).toBe(200);
      expect(h.uow.tables.numbers.get(numberId)!.agentId).toBe(agentId);
    });

    it('answers an unknown number with 404 PHONE_NUMBER_NOT_FOUND', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);

      const reply = await h.call('POST', `/v1/agents/${agentId}/numbers`, { body: { numberId: 'num_missing' } });

      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe('PHONE_NUMBER_NOT_FOUND');
    });

    it('requires numberId', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);

      const reply = await h.call('POST', `/v1/agents/${agentId}/numbers`, { body: { number_id: 'num_1' } });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([{ field: 'numberId', message: 'field required', type: 'missing' }]);
    });

    it('detaches a number, which stays live', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h, { agentId });

      const reply = await h.call('DELETE', `/v1/agents/${agentId}/numbers/${numberId}`);

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true });
      expect(h.uow.tables.numbers.get(numberId)).toMatchObject({ agentId: null, status: 'active' });
    });

    it('answers 404 when detaching a number the agent does not have', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h);

      const reply = await h.call('DELETE', `/v1/agents/${agentId}/numbers/${numberId}`);

      expect(reply.status).toBe(404);
    });
  });

  describe("another project's agent", () => {
    it('is not found through any route', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h, { agentId });
      const stranger = await h.signUp('stranger@example.com');
      const strangersNumber = await provisionNumberViaApi(h, {}, stranger.key);
      const as = { key: stranger.key };

      const replies = [
        await h.call('GET', `/v1/agents/${agentId}`, as),
        await h.call('PATCH', `/v1/agents/${agentId}`, { ...as, body: { name: 'Hijacked' } }),
        await h.call('DELETE', `/v1/agents/${agentId}`, as),
        await h.call('POST', `/v1/agents/${agentId}/numbers`, { ...as, body: { numberId: strangersNumber } }),
        await h.call('DELETE', `/v1/agents/${agentId}/numbers/${numberId}`, as),
      ];

      expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
      expect((await h.call('GET', '/v1/agents', as)).body.total).toBe(0);
      expect(h.uow.tables.agents.get(agentId)!.name).toBe('Support bot');
      expect(h.uow.tables.numbers.get(numberId)!.agentId).toBe(agentId);
    });

    it('cannot be given a number of this project', async () => {
      const h = await aRestApi();
      const numberId = await provisionNumberViaApi(h);
      const stranger = await h.signUp('stranger@example.com');
      const strangersAgent = await createAgentViaApi(h, {}, stranger.key);

      const reply = await h.call('POST', `/v1/agents/${strangersAgent}/numbers`, { key: stranger.key, body: { numberId } });

      expect(reply.status).toBe(404);
      expect(h.uow.tables.numbers.get(numberId)!.agentId).toBeNull();
    });
  });
});
