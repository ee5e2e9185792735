import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlaceOutboundCall } from '../../../src/application/use-cases/calls/place-outbound-call.js';
import { ACCOUNT_SID, aVoiceSwitchboard, attributeOf, RelayClient, type VoiceHarness } from './voice-harness.js';

const RECIPIENT = '+13125550142';

describe(PlaceOutboundCall.name, () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard({
      webCalls: { apiKeySid: `SK${'cd'.repeat(16)}`, apiKeySecret: 'api-key-secret', twimlAppSid: `AP${'ef'.repeat(16)}` },
    });
  });
  afterEach(async () => {
    await sut.stop();
  });

  it('places the call through the Calls API with ConversationRelay TwiML, then talks when the recipient answers', async () => {
    const line = await sut.anAgentOnTheLine();
    sut.hook.handler = (request, res) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(request.body.event === 'agent.message' ? JSON.stringify({ text: 'Great, see you Tuesday.' }) : '');

    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, initialGreeting: 'Hello from Acme, calling about your appointment.' });

    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ agentId: line.agentId, phoneNumberId: line.numberId, fromNumber: line.phoneNumber, toNumber: RECIPIENT, direction: 'outbound', type: 'pstn', status: 'in-progress' });
    const [created] = sut.fake.requestsTo('createCall');
    expect(created!.form).toMatchObject({
      To: RECIPIENT,
      From: line.phoneNumber,
      StatusCallback: `${sut.url}/twilio/voice/status?callId=${placed.body.id}`,
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
    const twiml = String(created!.form.Twiml);
    expect(attributeOf(twiml, 'ConversationRelay', 'welcomeGreeting')).toBe('Hello from Acme, calling about your appointment.');
    for (const status of ['initiated', 'ringing', 'in-progress']) {
      await sut.twilioPost(`/twilio/voice/status?callId=${placed.body.id}`, { CallSid: 'CAx', CallStatus: status });
    }

    const relay = await RelayClient.open(attributeOf(twiml, 'ConversationRelay', 'url')!);
    relay.setup('CAx');
    relay.prompt('Yes, Tuesday works.');
    await relay.until((frames) => frames.some((f) => f.last));

    expect(relay.spoken()).toEqual(['Great, see you Tuesday.']);
    expect(sut.hook.voiceTurns()[0]!.body).toMatchObject({
      data: { callId: placed.body.id, from: line.phoneNumber, to: RECIPIENT, direction: 'outbound', transcript: 'Yes, Tuesday works.' },
      recentHistory: [{ role: 'agent', content: 'Hello from Acme, calling about your appointment.', direction: 'outbound' }],
    });

    const ending = await sut.api('POST', `/v1/calls/${placed.body.id}/end`);
    expect(ending.body).toEqual({ id: placed.body.id, status: 'ending' });
    expect(sut.fake.requestsTo('updateCall')[0]!.form).toMatchObject({ Status: 'completed' });
    await relay.until((frames) => frames.some((f) => f.type === 'end'));
    expect((await sut.api('GET', `/v1/calls/${placed.body.id}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'ended_by_api' });
  });

  it('fails the call when the recipient does not answer', async () => {
    const line = await sut.anAgentOnTheLine();
    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, initialGreeting: '' });
    const twiml = String(sut.fake.requestsTo('createCall')[0]!.form.Twiml);

    await sut.twilioPost(`/twilio/voice/status?callId=${placed.body.id}`, { CallSid: 'CAy', CallStatus: 'no-answer' });

    expect(attributeOf(twiml, 'ConversationRelay', 'welcomeGreeting')).toBeNull();
    expect((await sut.api('GET', `/v1/calls/${placed.body.id}`)).body).toMatchObject({ status: 'failed', disconnectionReason: 'no_answer' });
    const list = await sut.api('GET', '/v1/calls?status=failed&direction=outbound');
    expect(list.body).toMatchObject({ total: 1, hasMore: false, data: [{ id: placed.body.id }] });
  });

  it("lists by AgentPhone's statuses: ringing before the media connects, busy and no-answer by the carrier's reason, and refuses an unknown one naming the allowed", async () => {
    const line = await sut.anAgentOnTheLine();
    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, initialGreeting: '' });
    const busy = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550143', initialGreeting: '' });
    await sut.twilioPost(`/twilio/voice/status?callId=${busy.body.id}`, { CallSid: 'CAb', CallStatus: 'busy' });
    const ids = async (status: string) => ((await sut.api('GET', `/v1/calls?status=${status}`)).body.data as { id: string }[]).map((c) => c.id);

    const ringing = await ids('ringing');
    const unknown = await sut.api('GET', '/v1/calls?status=on-hold');

    expect(ringing).toEqual([placed.body.id]);
    expect([await ids('busy'), await ids('no-answer'), await ids('failed')]).toEqual([[busy.body.id], [], [busy.body.id]]);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain('in-progress, completed, failed, ringing, busy, no-answer');
  });

  it('calls from the chosen number of the agent only, and not at all from an agent without one', async () => {
    const line = await sut.anAgentOnTheLine();
    const bare = await sut.api('POST', '/v1/agents', { name: 'No number' });
    const other = await sut.api('POST', '/v1/numbers', {});

    const fromForeign = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, fromNumberId: other.body.id });
    const fromNone = await sut.api('POST', '/v1/calls', { agentId: bare.body.id, toNumber: RECIPIENT });
    const unknownAgent = await sut.api('POST', '/v1/calls', { agentId: 'agt_nope', toNumber: RECIPIENT });

    expect(fromForeign.status).toBe(422);
    expect(fromForeign.body.error.details[0].field).toBe('fromNumberId');
    expect(fromNone.status).toBe(422);
    expect(unknownAgent.status).toBe(404);
    expect(sut.fake.requestsTo('createCall')).toEqual([]);
  });

  it('issues a 30-second Voice SDK token for a web call, which joins through the TwiML App', async () => {
    const line = await sut.anAgentOnTheLine();

    const web = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId, metadata: { page: 'pricing' } });

    expect(web.status).toBe(200);
    const claims = JSON.parse(Buffer.from(web.body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims.grants).toMatchObject({ identity: web.body.callId, voice: { outgoing: { application_sid: `AP${'ef'.repeat(16)}` } } });
    // The SDK stamps exp from its own reading of the clock, which may fall in the next second.
    expect(claims.exp - claims.nbf).toBeGreaterThanOrEqual(30);
    expect(claims.exp - claims.nbf).toBeLessThanOrEqual(31);
    expect(Date.parse(web.body.expiresAt) - Date.now()).toBeLessThanOrEqual(30_000);
    const answer = await sut.twilioPost('/twilio/voice', { CallSid: 'CAweb', From: `client:${web.body.callId}`, To: '', AccountSid: ACCOUNT_SID });
    expect(attributeOf(answer.text, 'ConversationRelay', 'url')).toBe(`${sut.url.replace('http', 'ws')}/twilio/relay?callId=${web.body.callId}`);
    expect((await sut.api('GET', `/v1/calls/${web.body.callId}`)).body).toMatchObject({ type: 'web', status: 'in-progress', phoneNumberId: null });
    expect((await sut.api('POST', '/v1/calls/web', { agentId: line.agentId }, 'sk_live_wrong')).status).toBe(401);
  });
});
