import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustE164 } from '../../../src/domain/e164.js';
import { aTwilioSwitchboard, type TwilioSwitchboard } from '../../support/twilio-switchboard.js';

const CUSTOMER = '+12125550199';

/** `{"a":{"a":…}}`, `levels` objects deep, as text: JSON.stringify itself may overflow on it. */
const nestedText = (levels: number, innermost = '{}') => `${'{"a":'.repeat(levels - 1)}${innermost}${'}'.repeat(levels - 1)}`;
const nested = (levels: number): unknown => JSON.parse(nestedText(levels));

/** Answers that must be a 422 naming `field`, in the error envelope. */
const expectInvalid = (reply: { status: number; body: unknown; text?: string }, field: string) => {
  expect(reply.status, reply.text).toBe(422);
  expect(reply.body).toMatchObject({
    error: { code: 'VALIDATION_ERROR', type: 'validation_error', details: [expect.objectContaining({ field })] },
  });
};

/** Everything here runs on PGlite: the database is what refused these values before. */
describe('input limits', () => {
  let h: TwilioSwitchboard;
  let key: string;
  let agentId: string;
  let phoneNumber: string;
  let conversationId: string;
  beforeAll(async () => {
    h = await aTwilioSwitchboard({ pglite: true });
    const done = await h.signedUp('limits@example.com');
    ({ api_key: key, agent_id: agentId, phone_number: phoneNumber } = done);
    const received = await h.sut.useCases().messages.receiveInboundSms.execute({
      to: trustE164(phoneNumber),
      from: trustE164(CUSTOMER),
      body: 'Hello',
      mediaUrls: [],
      providerMessageId: null,
    })();
    if (received._tag === 'Left') throw new Error(JSON.stringify(received.left));
    conversationId = received.right.conversation.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const send = (method: string, path: string, body?: unknown) => h.call(method, path, { key, body });
  const sendText = (method: string, path: string, text: string) => h.sendRaw(method, path, text, { authorization: `Bearer ${key}` });

  describe('every string field has a maximum length', () => {
    it.each([
      ['an agent name', () => send('POST', '/v1/agents', { name: 'x'.repeat(201) }), 'name'],
      ['a half-megabyte agent name', () => send('POST', '/v1/agents', { name: 'x'.repeat(500_000) }), 'name'],
      ['a greeting', () => send('PATCH', `/v1/agents/${agentId}`, { greeting: 'x'.repeat(2001) }), 'greeting'],
      ['a system prompt', () => send('POST', '/v1/agents', { name: 'A', systemPrompt: 'x'.repeat(20_001) }), 'systemPrompt'],
      ['a voice', () => send('PATCH', `/v1/agents/${agentId}`, { voice: 'x'.repeat(101) }), 'voice'],
      ['a contact name', () => send('POST', '/v1/contacts', { name: 'x'.repeat(201), phoneNumber: '+12125550100' }), 'name'],
      ['contact notes', () => send('POST', '/v1/contacts', { name: 'A', phoneNumber: '+12125550100', notes: 'x'.repeat(10_001) }), 'notes'],
      ['a webhook URL', () => send('POST', '/v1/webhooks', { url: `https://example.com/${'x'.repeat(2048)}` }), 'url'],
      ['a media URL', () => send('POST', '/v1/messages', { agent_id: agentId, to_number: CUSTOMER, body: 'hi', media_urls: [`https://example.com/${'x'.repeat(2048)}`] }), 'media_urls.0'],
      ['an SMS body', () => send('POST', '/v1/messages', { agent_id: agentId, to_number: CUSTOMER, body: 'x'.repeat(1601) }), 'body'],
      ['a call greeting', () => send('POST', '/v1/calls', { agentId, toNumber: CUSTOMER, initialGreeting: 'x'.repeat(2001) }), 'initialGreeting'],
      ['an id in a body', () => send('POST', `/v1/agents/${agentId}/numbers`, { numberId: 'x'.repeat(101) }), 'numberId'],
      ['a search', () => send('GET', `/v1/contacts?search=${'x'.repeat(201)}`), 'search'],
    ])('refuses %s over it with 422 naming the field', async (_, request, field) => {
      expectInvalid(await request(), field);
    });

    it('accepts a name at the maximum', async () => {
      const reply = await send('POST', '/v1/agents', { name: 'x'.repeat(200) });

      expect(reply.status).toBe(200);
      expect(reply.body.name).toHaveLength(200);
    });
  });

  describe('free-form JSON has a size and a depth', () => {
    it.each([
      ['state 11 levels deep', { state: nested(11) }, 'state'],
      ['state over 16 KiB', { state: { note: 'x'.repeat(16 * 1024) } }, 'state'],
      ['metadata (the alias) 11 levels deep', { metadata: nested(11) }, 'metadata'],
    ])('refuses conversation %s with 422 naming the field', async (_, body, field) => {
      expectInvalid(await send('PATCH', `/v1/conversations/${conversationId}`, body), field);
    });

    it('refuses web call metadata over the limits', async () => {
      expectInvalid(await send('POST', '/v1/calls/web', { agentId, metadata: nested(11) }), 'metadata');
      expectInvalid(await send('POST', '/v1/calls/web', { agentId, metadata: { note: 'x'.repeat(16 * 1024) } }), 'metadata');
    });

    it('stores state at the limits', async () => {
      const state = { ...(nested(10) as object), note: 'x'.repeat(16 * 1024 - 200) };

      const reply = await send('PATCH', `/v1/conversations/${conversationId}`, { state });

      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.state).toEqual(state);
    });
  });

  describe('text the database cannot store is refused at the edge', () => {
    it.each([
      ['NUL in an agent name', () => send('POST', '/v1/agents', { name: 'a\u0000b' }), 'name'],
      ['an unpaired surrogate in an agent name', () => send('POST', '/v1/agents', { name: 'a\uD800b' }), 'name'],
      ['an unpaired low surrogate in a contact name', () => send('POST', '/v1/contacts', { name: '\uDC00', phoneNumber: '+12125550101' }), 'name'],
      ['NUL in contact notes', () => send('POST', '/v1/contacts', { name: 'A', phoneNumber: '+12125550102', notes: '\u0000' }), 'notes'],
      ['NUL in a state value', () => send('PATCH', `/v1/conversations/${conversationId}`, { state: { note: 'a\u0000' } }), 'state.note'],
      ['NUL in a state key', () => send('PATCH', `/v1/conversations/${conversationId}`, { state: { 'a\u0000': 1 } }), 'state'],
      ['an unpaired surrogate in state', () => send('PATCH', `/v1/conversations/${conversationId}`, { state: { note: '\uD83D' } }), 'state.note'],
      ['NUL in web call metadata', () => send('POST', '/v1/calls/web', { agentId, metadata: { x: 'a\u0000' } }), 'metadata.x'],
      ['an unpaired surrogate in web call metadata', () => send('POST', '/v1/calls/web', { agentId, metadata: { x: '\uDFFF' } }), 'metadata.x'],
      ['NUL in a sign-up e-mail address', () => h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'a\u0000@example.com' } }), 'human_email'],
      ['NUL in a verification id', () => h.call('POST', '/v0/agent/verify', { body: { verification_id: 'a\u0000b', otp_code: '123456' } }), 'verification_id'],
      ['NUL in an id of the path', () => send('GET', '/v1/agents/agt_%00x'), 'path'],
      ['NUL in a query parameter', () => send('GET', '/v1/contacts?search=a%00b'), 'search'],
      ['NUL in a filter of the call log', () => send('GET', '/v1/calls?search=%00'), 'search'],
    ])('refuses %s with 422', async (_, request, field) => {
      expectInvalid(await request(), field);
    });

    it.each([
      ['as conversation state', (text: string) => sendText('PATCH', `/v1/conversations/${conversationId}`, `{"state":${text}}`), 'state'],
      ['as web call metadata', (text: string) => sendText('POST', '/v1/calls/web', `{"agentId":"${agentId}","metadata":${text}}`), 'metadata'],
      ['as an agent name', (text: string) => sendText('POST', '/v1/agents', `{"name":${text}}`), 'name'],
      ['in a field no route reads', (text: string) => sendText('POST', '/v1/agents', `{"name":"A","extra":${text}}`), 'extra'],
      ['made of arrays', () => sendText('POST', '/v1/agents', `{"name":"A","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`), 'extra'],
    ])('refuses JSON 5,000 levels deep %s with 422', async (_, request, field) => {
      expectInvalid(await request(nestedText(5000)), field);
    });

    it('answers every request afterwards', async () => {
      expect((await h.call('GET', '/health')).status).toBe(200);
      expect((await send('GET', `/v1/conversations/${conversationId}`)).status).toBe(200);
    });
  });

  describe("Twilio's webhooks", () => {
    it('refuse a text with NUL without a server error, and store the next one', async () => {
      const refused = await h.twilioPost('/twilio/sms', { MessageSid: 'SM1', From: CUSTOMER, To: phoneNumber, Body: 'a\u0000b', NumMedia: '0' });
      const stored = await h.twilioPost('/twilio/sms', { MessageSid: 'SM2', From: CUSTOMER, To: phoneNumber, Body: 'fine', NumMedia: '0' });

      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'INVALID_PARAMETER', type: 'validation_error' } });
      expect(stored.status).toBe(200);
    });

    it('refuse NUL in the query of a callback', async () => {
      const reply = await h.twilioPost('/twilio/sms/status?projectId=p&messageId=m%00', { MessageSid: 'SM3', MessageStatus: 'delivered' });

      expect(reply.status).toBe(400);
    });
  });
});
