import { describe, expect, it } from 'vitest';
import { conversationRoutes } from '../../../src/adapters/rest/routes/conversations.js';
import { aMessagingApi, PARTICIPANT } from './messaging-harness.js';

const aThreadedProject = async () => {
  const api = await aMessagingApi();
  const first = await api.anAgentWithNumber({ name: 'First' });
  const second = await api.anAgentWithNumber({ name: 'Second' });
  const older = await api.receive(first.numberId, 'older thread');
  api.clock.advance(1000);
  const newer = await api.receive(second.numberId, 'newer thread');
  api.clock.advance(1000);
  await api.receive(first.numberId, 'a second text to the first number, long enough to show the preview is a preview');
  return { api, first, second, olderId: older.conversation.id, newerId: newer.conversation.id };
};

describe(conversationRoutes.name, () => {
  describe('GET /v1/conversations', () => {
    it('lists the summaries, most recently active first, in the offset envelope', async () => {
      const { api, first, olderId, newerId, second } = await aThreadedProject();

      const reply = await api.call('GET', '/v1/conversations');

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        data: [
          {
            id: olderId,
            agentId: first.agentId,
            phoneNumberId: first.numberId,
            phoneNumber: first.phoneNumber,
            participant: PARTICIPANT,
            channel: 'sms',
            lastMessageAt: '2026-05-01T12:00:02.000Z',
            lastMessagePreview: 'a second text to the first number, long enough to show the preview is a preview',
            messageCount: 2,
            state: null,
            metadata: null,
            createdAt: '2026-05-01T12:00:00.000Z',
          },
          expect.objectContaining({ id: newerId, agentId: second.agentId, messageCount: 1, lastMessageAt: '2026-05-01T12:00:01.000Z' }),
        ],
        hasMore: false,
        total: 2,
      });
    });

    it('pages with limit and offset, and refuses a limit over 100', async () => {
      const { api, newerId } = await aThreadedProject();

      const page = await api.call('GET', '/v1/conversations?limit=1&offset=1');
      const tooMany = await api.call('GET', '/v1/conversations?limit=101');

      expect([page.body.data.map((c: { id: string }) => c.id), page.body.hasMore, page.body.total]).toEqual([[newerId], false, 2]);
      expect(tooMany.status).toBe(422);
    });

    it("shows nothing of another project's threads", async () => {
      const { api } = await aThreadedProject();
      const other = await api.signUp('other@example.com');

      const reply = await api.call('GET', '/v1/conversations', { key: other.key });

      expect(reply.body).toEqual({ data: [], hasMore: false, total: 0 });
    });
  });

  describe('GET /v1/conversations/{id}', () => {
    it('answers the detail: the summary without its preview, plus the newest messages first', async () => {
      const { api, olderId } = await aThreadedProject();

      const reply = await api.call('GET', `/v1/conversations/${olderId}?message_limit=1`);

      expect(reply.status).toBe(200);
      expect(reply.body).not.toHaveProperty('lastMessagePreview');
      expect(reply.body).toMatchObject({ id: olderId, messageCount: 2, state: null, metadata: null });
      expect(reply.body.messages).toEqual([
        expect.objectContaining({ conversationId: olderId, body: expect.stringMatching(/^a second text/), direction: 'inbound' }),
      ]);
      expect((await api.call('GET', `/v1/conversations/${olderId}`)).body.messages).toHaveLength(2);
    });

    it('refuses a message_limit over 100 and answers 404 for an unknown id', async () => {
      const { api, olderId } = await aThreadedProject();

      expect((await api.call('GET', `/v1/conversations/${olderId}?message_limit=101`)).status).toBe(422);
      const missing = await api.call('GET', '/v1/conversations/conv_missing');
      expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    });
  });

  describe('PATCH /v1/conversations/{id}', () => {
    it('replaces the state, answers the detail, and hands it to the next webhook event', async () => {
      const { api, olderId, first } = await aThreadedProject();
      await api.call('PATCH', `/v1/conversations/${olderId}`, { body: { state: { stage: 'lead', score: 3 } } });

      const reply = await api.call('PATCH', `/v1/conversations/${olderId}`, { body: { state: { stage: 'customer' } } });

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: olderId, state: { stage: 'customer' }, metadata: { stage: 'customer' } });
      expect(reply.body.messages).toHaveLength(2);
      expect(api.uow.tables.conversations.get(olderId)!.state).toEqual({ stage: 'customer' });
      await api.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/in' } });
      await api.receive(first.numberId, 'after the patch');
      const [delivery] = [...api.uow.tables.deliveries.values()];
      expect(JSON.parse(delivery!.body).conversationState).toEqual({ stage: 'customer' });
    });

    it.each([
      ['the metadata alias', { metadata: { plan: 'pro' } }, { plan: 'pro' }],
      ['both names with equal values', { state: { a: 1, b: [2] }, metadata: { b: [2], a: 1 } }, { a: 1, b: [2] }],
      ['null, which clears it', { state: null }, null],
    ])('accepts %s', async (_, body, expected) => {
      const { api, olderId } = await aThreadedProject();
      await api.call('PATCH', `/v1/conversations/${olderId}`, { body: { state: { old: true } } });

      const reply = await api.call('PATCH', `/v1/conversations/${olderId}`, { body });

      expect(reply.status).toBe(200);
      expect([reply.body.state, reply.body.metadata]).toEqual([expected, expected]);
    });

    it.each([
      ['both names with different values', { state: { a: 1 }, metadata: { a: 2 } }, 'metadata', 'value_error'],
      ['an array', { state: [1, 2] }, 'state', 'value_error'],
      ['a string', { metadata: 'vip' }, 'metadata', 'value_error'],
      ['neither name', { other: {} }, 'state', 'missing'],
    ])('refuses %s with 422 and keeps the state', async (_, body, field, type) => {
      const { api, olderId } = await aThreadedProject();
      await api.call('PATCH', `/v1/conversations/${olderId}`, { body: { state: { kept: true } } });

      const reply = await api.call('PATCH', `/v1/conversations/${olderId}`, { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field, type })]);
      expect(api.uow.tables.conversations.get(olderId)!.state).toEqual({ kept: true });
    });
  });

  describe('GET /v1/agents/{id}/conversations', () => {
    it("lists only the agent's threads, and answers 404 for an unknown agent", async () => {
      const { api, second, newerId } = await aThreadedProject();

      const reply = await api.call('GET', `/v1/agents/${second.agentId}/conversations`);
      const unknown = await api.call('GET', '/v1/agents/agt_missing/conversations');

      expect([reply.body.data.map((c: { id: string }) => c.id), reply.body.total]).toEqual([[newerId], 1]);
      expect(unknown.status).toBe(404);
    });

    it('keeps the threads of a deleted agent, with agentId null', async () => {
      const { api, first, olderId } = await aThreadedProject();

      expect((await api.call('DELETE', `/v1/agents/${first.agentId}`)).status).toBe(200);

      const reply = await api.call('GET', `/v1/conversations/${olderId}`);
      expect(reply.body).toMatchObject({ id: olderId, agentId: null, messageCount: 2 });
    });
  });
});
