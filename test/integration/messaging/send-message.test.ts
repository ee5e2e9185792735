import { describe, expect, it } from 'vitest';
import { messageRoutes } from '../../../src/adapters/rest/routes/messages.js';
import { provisionNumberViaApi } from '../rest/harness.js';
import { aMessagingApi } from './messaging-harness.js';

const TO = '+12125550199';

describe(messageRoutes.name, () => {
  describe('POST /v1/messages', () => {
    it("sends from the agent's first number, stores it on the thread, and answers in snake_case", async () => {
      const api = await aMessagingApi();
      const { agentId, numberId, phoneNumber } = await api.anAgentWithNumber();
      await provisionNumberViaApi(api, { agentId });

      const reply = await api.call('POST', '/v1/messages', {
        body: { agent_id: agentId, to_number: '(212) 555-0199', body: 'Your table is ready', media_urls: ['https://cdn.example.com/map.png'] },
      });

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: expect.stringMatching(/^msg_/),
        status: 'sent',
        channel: 'sms',
        from_number: phoneNumber,
        to_number: TO,
        conversation_id: expect.stringMatching(/^conv_/),
        // A 10-digit US number of a project without an A2P 10DLC registration.
        warning: expect.stringContaining('no A2P 10DLC registration'),
      });
      expect(api.telephony.outbox).toEqual([
        {
          from: phoneNumber,
          to: TO,
          body: 'Your table is ready',
          mediaUrls: ['https://cdn.example.com/map.png'],
          statusCallbackUrl: `http://x/twilio/sms/status?projectId=${api.uow.tables.messages.get(reply.body.id)?.projectId}&messageId=${reply.body.id}`,
          providerMessageId: expect.any(String),
        },
      ]);
      expect(api.uow.tables.messages.get(reply.body.id)).toMatchObject({
        direction: 'outbound',
        status: 'sent',
        phoneNumberId: numberId,
        providerMessageId: api.telephony.outbox[0]!.providerMessageId,
      });
      expect(api.uow.tables.conversations.get(reply.body.conversation_id)).toMatchObject({
        agentId,
        phoneNumberId: numberId,
        participant: TO,
        messageCount: 1,
        lastMessagePreview: 'Your table is ready',
      });
    });

    it('puts the reply to it on the same thread', async () => {
      const api = await aMessagingApi();
      const { agentId, numberId } = await api.anAgentWithNumber();
      const sent = await api.call('POST', '/v1/messages', { body: { agent_id: agentId, to_number: TO, body: 'Hi' } });

      const reply = await api.receive(numberId, 'Hello back', { from: TO as never });

      expect(reply.conversation.id).toBe(sent.body.conversation_id);
      expect(reply.conversation.messageCount).toBe(2);
    });

    it('sends from number_id, or from from_number, when the number is attached to the agent', async () => {
      const api = await aMessagingApi();
      const { agentId } = await api.anAgentWithNumber();
      const secondId = await provisionNumberViaApi(api, { agentId });
      const second = api.phoneOf(secondId);

      const byId = await api.call('POST', '/v1/messages', { body: { agent_id: agentId, to_number: TO, body: 'a', number_id: secondId } });
      const byValue = await api.call('POST', '/v1/messages', { body: { agent_id: agentId, to_number: TO, body: 'b', from_number: second } });

      expect([byId.status, byId.body.from_number, byValue.status, byValue.body.from_number]).toEqual([200, second, 200, second]);
      expect(byId.body.conversation_id).toBe(byValue.body.conversation_id);
    });

    it.each([
      ['a number of the project not attached to the agent', 'detached', 400, 'BAD_REQUEST', /is not attached to agent/],
      ['an unknown number', 'unknown', 404, 'PHONE_NUMBER_NOT_FOUND', /not found/],
      ['a released number', 'released', 400, 'BAD_REQUEST', /is released/],
    ])('refuses %s, sending nothing', async (_, which, status, code, message) => {
      const api = await aMessagingApi();
      const { agentId } = await api.anAgentWithNumber();
      const detached = await provisionNumberViaApi(api);
      const released = await provisionNumberViaApi(api, { agentId });
      await api.call('DELETE', `/v1/numbers/${released}`);
      const numberId = { detached, unknown: 'num_missing', released }[which];

      const reply = await api.call('POST', '/v1/messages', { body: { agent_id: agentId, to_number: TO, body: 'x', number_id: numberId } });

      expect(reply.status).toBe(status);
      expect(reply.body.error.code).toBe(code);
      expect(reply.body.error.message).toMatch(message);
      expect(api.telephony.outbox).toEqual([]);
      expect(api.uow.tables.messages.size).toBe(0);
    });

    it('refuses an agent with no number with a clear 400, and an unknown agent with 404', async () => {
      const api = await aMessagingApi();
      const bare = (await api.call('POST', '/v1/agents', { body: { name: 'No number' } })).body.id;

      const noNumber = await api.call('POST', '/v1/messages', { body: { agent_id: bare, to_number: TO, body: 'x' } });
      const unknown = await api.call('POST', '/v1/messages', { body: { agent_id: 'agt_missing', to_number: TO, body: 'x' } });

      expect([noNumber.status, noNumber.body.error.message]).toEqual([
        400,
        `agent ${bare} has no phone number to send from; attach a number to it first`,
      ]);
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    });

    it("marks the message failed and answers 502 TWILIO_ERROR with the carrier's reason (10DLC)", async () => {
      const api = await aMessagingApi();
      const { agentId } = await api.anAgentWithNumber();
      api.telephony.failNext('sendSms', 'US A2P 10DLC: the sending number is not registered', '30034');

      const reply = await api.call('POST', '/v1/messages', { body: { agent_id: agentId, to_number: TO, body: 'Promo!' } });

      expect(reply.status).toBe(502);
      expect(reply.body.error).toEqual({
        code: 'TWILIO_ERROR',
        type: 'carrier_error',
        message: 'Telephony provider error 30034: US A2P 10DLC: the sending number is not registered. Retry later.',
      });
      expect([...api.uow.tables.messages.values()]).toEqual([
        expect.objectContaining({ direction: 'outbound', status: 'failed', errorCode: '30034', providerMessageId: null, body: 'Promo!' }),
      ]);
    });

    it.each([
      ['no to_number', { body: 'x' }, 'to_number', 'missing'],
      ['an invalid to_number', { to_number: '12', body: 'x' }, 'to_number', 'value_error'],
      ['no body', { to_number: TO }, 'body', 'missing'],
      ['an empty body without media', { to_number: TO, body: '  ' }, 'body', 'value_error'],
      ['a body over 1600 characters', { to_number: TO, body: 'x'.repeat(1601) }, 'body', 'value_error'],
      ['a media URL that is not http(s)', { to_number: TO, body: 'x', media_urls: ['ftp://x/y'] }, 'media_urls.0', 'value_error'],
    ])('refuses %s with 422', async (_, body, field, type) => {
      const api = await aMessagingApi();
      const { agentId } = await api.anAgentWithNumber();

      const reply = await api.call('POST', '/v1/messages', { body: { agent_id: agentId, ...body } });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field, type })]);
      expect(api.telephony.outbox).toEqual([]);
    });
  });
});
