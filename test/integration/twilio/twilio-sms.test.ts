import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { twilioSmsRoutes } from '../../../src/adapters/twilio/twilio-sms-routes.js';
import { createSwitchboard, type Switchboard } from '../../../src/index.js';
import { FakeTwilioApi } from '../../support/fake-twilio-api.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token-0123456789';
const PUBLIC_URL = 'https://switchboard.example.com';
const API = `/2010-04-01/Accounts/${ACCOUNT_SID}`;
const CUSTOMER = '+12125550199';

/** Switchboard on the Twilio carrier (the SDK pointed at the local fake), driven as a client and as Twilio would. */
describe(twilioSmsRoutes.name, () => {
  let fake: FakeTwilioApi;
  let sut: Switchboard;
  const savedEnv = { edge: process.env.TWILIO_EDGE, region: process.env.TWILIO_REGION };

  beforeAll(async () => {
    delete process.env.TWILIO_EDGE;
    delete process.env.TWILIO_REGION;
    fake = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    sut = createSwitchboard({
      env: { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_API_URL: fake.url, PUBLIC_URL },
      storage: 'memory',
      logger: silentLogger(),
    });
    await sut.start();
  });

  afterEach(() => {
    fake.requests.length = 0;
  });

  afterAll(async () => {
    await sut?.close();
    await fake?.stop();
    if (savedEnv.edge !== undefined) process.env.TWILIO_EDGE = savedEnv.edge;
    if (savedEnv.region !== undefined) process.env.TWILIO_REGION = savedEnv.region;
  });

  // Each test signs up its own project: its own credit and number limit, nothing shared.
  let apiKey = '';
  beforeEach(async () => {
    const created = await sut.useCases().projects.createProject.execute({ email: trustMailbox(`${crypto.randomUUID()}@example.com`) })();
    if (created._tag === 'Left') throw new Error(JSON.stringify(created.left));
    apiKey = created.right.apiKey.clear;
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await sut.fetch(
      new Request(`http://switchboard.local${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    return { status: response.status, body: await response.json() };
  };

  /** A form POST as Twilio sends it, signed for the public URL it called (or with the given signature). */
  const twilioPost = async (path: string, params: Record<string, string>, signature?: string) => {
    const response = await sut.fetch(
      new Request(`http://switchboard.local${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, params),
        },
        body: new URLSearchParams(params).toString(),
      }),
    );
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  const anAgentWithNumber = async () => {
    const agent = await call('POST', '/v1/agents', { name: 'SMS desk' });
    const number = await call('POST', '/v1/numbers', { areaCode: '646', agentId: agent.body.id });
    expect(number.status).toBe(200);
    return { agentId: agent.body.id as string, number: number.body as { id: string; phoneNumber: string } };
  };

  const inbound = (to: string, overrides: Record<string, string> = {}) => ({
    MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`,
    AccountSid: ACCOUNT_SID,
    From: CUSTOMER,
    To: to,
    Body: 'Do you have a table for 4 tonight?',
    NumMedia: '0',
    SmsStatus: 'received',
    ApiVersion: '2010-04-01',
    ...overrides,
  });

  const messagesOf = async (numberId: string) => (await call('GET', `/v1/numbers/${numberId}/messages`)).body.data;

  it('provisions through search and purchase, with every webhook URL under PUBLIC_URL', async () => {
    const { number } = await anAgentWithNumber();

    const [search, purchase] = fake.requests;
    expect(search).toMatchObject({
      endpoint: 'searchLocal',
      method: 'GET',
      path: `${API}/AvailablePhoneNumbers/US/Local.json`,
      query: { AreaCode: '646', SmsEnabled: 'true', VoiceEnabled: 'true', PageSize: '3' },
    });
    expect(purchase).toMatchObject({
      endpoint: 'purchaseNumber',
      method: 'POST',
      path: `${API}/IncomingPhoneNumbers.json`,
      form: {
        PhoneNumber: number.phoneNumber,
        SmsUrl: `${PUBLIC_URL}/twilio/sms`,
        SmsMethod: 'POST',
        VoiceUrl: `${PUBLIC_URL}/twilio/voice`,
        VoiceMethod: 'POST',
        StatusCallback: `${PUBLIC_URL}/twilio/voice/status`,
        StatusCallbackMethod: 'POST',
      },
    });
    const held = [...fake.incomingNumbers.values()].find((n) => n.phone_number === number.phoneNumber);
    expect(held).toMatchObject({ sms_url: `${PUBLIC_URL}/twilio/sms`, voice_url: `${PUBLIC_URL}/twilio/voice` });
  });

  it('sends POST /v1/messages as the exact Messages.json request, with the status callback under PUBLIC_URL', async () => {
    const { agentId, number } = await anAgentWithNumber();
    fake.requests.length = 0;

    const sent = await call('POST', '/v1/messages', { agent_id: agentId, to_number: CUSTOMER, body: 'Yes, 8pm works.' });

    expect(sent.status).toBe(200);
    expect(fake.requests).toEqual([
      {
        endpoint: 'createMessage',
        method: 'POST',
        path: `${API}/Messages.json`,
        query: {},
        form: {
          From: number.phoneNumber,
          To: CUSTOMER,
          Body: 'Yes, 8pm works.',
          StatusCallback: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/twilio/sms/status\\?projectId=proj_\\w+&messageId=msg_\\w+$`)),
        },
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
      },
    ]);
    const [sid] = [...fake.messages.keys()].slice(-1);
    expect(sent.body).toEqual({
      id: expect.stringMatching(/^msg_/),
      status: 'queued',
      channel: 'sms',
      from_number: number.phoneNumber,
      to_number: CUSTOMER,
      conversation_id: expect.stringMatching(/^conv_/),
      // The project has not registered for A2P 10DLC (POST /v1/register).
      warning: expect.stringContaining('30034'),
    });
    expect(await messagesOf(number.id)).toEqual([expect.objectContaining({ id: sent.body.id, providerMessageId: sid, status: 'queued' })]);
  });

  it("moves an outbound message forwards on Twilio's status callbacks, and never back", async () => {
    const { agentId, number } = await anAgentWithNumber();
    const sent = await call('POST', '/v1/messages', { agent_id: agentId, to_number: CUSTOMER, body: 'Confirmed.' });
    const sid = (await messagesOf(number.id))[0].providerMessageId as string;
    const report = (status: string) =>
      twilioPost('/twilio/sms/status', { MessageSid: sid, SmsSid: sid, MessageStatus: status, SmsStatus: status, AccountSid: ACCOUNT_SID, From: number.phoneNumber, To: CUSTOMER });
    const statusNow = async () => (await messagesOf(number.id)).find((m: { id: string }) => m.id === sent.body.id).status;

    expect((await report('sent')).status).toBe(204);
    expect(await statusNow()).toBe('sent');
    expect((await report('delivered')).status).toBe(204);
    expect(await statusNow()).toBe('delivered');
    expect((await report('sent')).status).toBe(204);
    expect(await statusNow()).toBe('delivered');
  });

  it('gives Twilio a status callback URL carrying our ids, and applies the signed report sent to it', async () => {
    const { agentId, number } = await anAgentWithNumber();
    const sent = await call('POST', '/v1/messages', { agent_id: agentId, to_number: CUSTOMER, body: 'Early bird.' });
    const callback = fake.requestsTo('createMessage').at(-1)!.form.StatusCallback as string;
    const sid = (await messagesOf(number.id))[0].providerMessageId as string;

    // Signed at the exact callback URL Twilio was given, query string included.
    const report = await twilioPost(callback.slice(PUBLIC_URL.length), { MessageSid: sid, MessageStatus: 'delivered', AccountSid: ACCOUNT_SID });

    expect(report.status).toBe(204);
    expect(await messagesOf(number.id)).toEqual([expect.objectContaining({ id: sent.body.id, providerMessageId: sid, status: 'delivered' })]);
  });

  it('marks a refused message failed and answers 502 TWILIO_ERROR explaining 10DLC', async () => {
    const { agentId, number } = await anAgentWithNumber();
    fake.failNext('createMessage', { status: 400, code: 30034, message: 'Message from an Unregistered Number' });

    const sent = await call('POST', '/v1/messages', { agent_id: agentId, to_number: CUSTOMER, body: 'Sale today!' });

    expect(sent.status).toBe(502);
    expect(sent.body.error).toMatchObject({ code: 'TWILIO_ERROR', type: 'carrier_error', message: expect.stringContaining('A2P 10DLC') });
    expect(await messagesOf(number.id)).toEqual([expect.objectContaining({ status: 'failed', providerMessageId: null, body: 'Sale today!' })]);
  });

  it('releases a number with a DELETE of its IncomingPhoneNumbers resource', async () => {
    const { number } = await anAgentWithNumber();
    const sid = [...fake.incomingNumbers.values()].find((n) => n.phone_number === number.phoneNumber)!.sid;
    fake.requests.length = 0;

    const released = await call('DELETE', `/v1/numbers/${number.id}`);

    expect(released.status).toBe(200);
    expect(fake.requests.map((r) => [r.endpoint, r.method, r.path])).toEqual([
      ['releaseNumber', 'DELETE', `${API}/IncomingPhoneNumbers/${sid}.json`],
    ]);
  });

  describe('inbound SMS', () => {
    it('stores a signed text with its media and answers an empty TwiML Response', async () => {
      const { number } = await anAgentWithNumber();
      const params = inbound(number.phoneNumber, {
        NumMedia: '2',
        MediaUrl0: 'https://api.twilio.com/media/ME1',
        MediaContentType0: 'image/jpeg',
        MediaUrl1: 'https://api.twilio.com/media/ME2',
        MediaContentType1: 'image/png',
        FromCity: 'NEW YORK',
      });

      const reply = await twilioPost('/twilio/sms', params);

      expect(reply).toEqual({ status: 200, type: 'text/xml; charset=utf-8', text: '<?xml version="1.0" encoding="UTF-8"?><Response/>' });
      expect(await messagesOf(number.id)).toEqual([
        expect.objectContaining({
          body: 'Do you have a table for 4 tonight?',
          fromNumber: CUSTOMER,
          toNumber: number.phoneNumber,
          direction: 'inbound',
          status: 'received',
          mediaUrls: ['https://api.twilio.com/media/ME1', 'https://api.twilio.com/media/ME2'],
          providerMessageId: params.MessageSid,
        }),
      ]);
    });

    it('stores a text Twilio delivers twice only once', async () => {
      const { number } = await anAgentWithNumber();
      const params = inbound(number.phoneNumber);

      await twilioPost('/twilio/sms', params);
      const again = await twilioPost('/twilio/sms', params);

      expect(again.status).toBe(200);
      expect(await messagesOf(number.id)).toHaveLength(1);
    });

    it.each([
      ['a wrong signature', (params: Record<string, string>) => twilio.getExpectedTwilioSignature('another-token', `${PUBLIC_URL}/twilio/sms`, params)],
      ['a signature of other parameters', (params: Record<string, string>) => twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/twilio/sms`, { ...params, Body: 'forged' })],
      ['no signature', () => ''],
    ])('refuses %s with 403 and stores nothing', async (_, sign) => {
      const { number } = await anAgentWithNumber();
      const params = inbound(number.phoneNumber);

      const reply = await twilioPost('/twilio/sms', params, sign(params));

      expect(reply.status).toBe(403);
      expect(await messagesOf(number.id)).toEqual([]);
    });

    it('answers 404 for a number that is not live here', async () => {
      const reply = await twilioPost('/twilio/sms', inbound('+13125550100'));

      expect(reply.status).toBe(404);
    });
  });
});
