import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { twimlElement, twimlElements, twimlVerbs } from '../../support/twiml.js';
import { ConversationRelayServer } from '../../../src/adapters/twilio/conversation-relay-server.js';
import { aVoiceSwitchboard, attributeOf, ndjson, RelayClient, signedWith, type VoiceHarness } from './voice-harness.js';

const TRANSFER_TO = '+13125550188';

describe(ConversationRelayServer.name, () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard();
  });
  afterEach(async () => {
    await sut.stop();
  });

  /** An inbound call answered on a fresh agent, its relay socket open and set up. */
  const aLiveCall = async (fields: Record<string, unknown> = {}, webhook: Record<string, unknown> = {}) => {
    const line = await sut.anAgentOnTheLine(fields, webhook);
    const call = await sut.inboundCall(line.phoneNumber);
    const relay = await RelayClient.open(call.relayUrl!);
    relay.setup(call.callSid);
    return { ...line, ...call, relay };
  };

  it('answers a signed inbound call with ConversationRelay TwiML naming the call', async () => {
    const line = await sut.anAgentOnTheLine({ voice: 'Amazon.Joanna-Neural' });

    const answer = await sut.inboundCall(line.phoneNumber);

    expect(answer.status).toBe(200);
    expect(answer.relayUrl).toBe(`${sut.url.replace('http', 'ws')}/twilio/relay?callId=${answer.callId}`);
    expect(attributeOf(answer.twiml, 'Connect', 'action')).toBe(`${sut.url}/twilio/voice/relay-ended?callId=${answer.callId}`);
    expect(attributeOf(answer.twiml, 'ConversationRelay', 'welcomeGreeting')).toBe('Hi, this is Acme.');
    expect(attributeOf(answer.twiml, 'ConversationRelay', 'ttsProvider')).toBe('Amazon');
    expect(attributeOf(answer.twiml, 'ConversationRelay', 'voice')).toBe('Joanna-Neural');
    expect(attributeOf(answer.twiml, 'ConversationRelay', 'interruptible')).toBe('any');
    expect(attributeOf(answer.twiml, 'ConversationRelay', 'dtmfDetection')).toBe('true');
    expect(twimlElements(answer.twiml, 'Recording')).toEqual([]);
    const call = await sut.api('GET', `/v1/calls/${answer.callId}`);
    expect(call.body).toMatchObject({ status: 'in-progress', direction: 'inbound', type: 'pstn', toNumber: line.phoneNumber, fromNumber: '+14155550123' });
  });

  it('refuses an unsigned voice webhook and a relay socket without a valid signature', async () => {
    const line = await sut.anAgentOnTheLine();
    const unsigned = await fetch(`${sut.url}/twilio/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: line.phoneNumber, From: '+14155550123', CallSid: 'CA1' }).toString(),
    });
    expect(unsigned.status).toBe(403);

    const call = await sut.inboundCall(line.phoneNumber);
    await expect(RelayClient.open(call.relayUrl!, 'another-token')).rejects.toThrow('upgrade refused: 403');
  });

  it('holds a conversation: the caller turn goes signed to the webhook, whose interim chunk is spoken before the rest', async () => {
    const call = await aLiveCall();
    let rest!: () => void;
    sut.hook.handler = (_, res) => {
      const answer = ndjson(res);
      answer.line({ text: 'One moment.', interim: true });
      rest = () => {
        answer.line({ text: 'Your order shipped yesterday.' });
        answer.end();
      };
    };

    call.relay.prompt('Where is my order?');
    await call.relay.until((frames) => frames.some((f) => f.token === 'One moment.'));
    expect(call.relay.frames.filter((f) => f.type === 'text')).toEqual([{ type: 'text', token: 'One moment.', last: false }]);
    rest();
    await call.relay.until((frames) => frames.some((f) => f.last === true));

    expect(call.relay.frames).toEqual([
      { type: 'text', token: 'One moment.', last: false },
      { type: 'text', token: ' Your order shipped yesterday.', last: false },
      { type: 'text', token: '', last: true },
    ]);
    const [turn] = sut.hook.voiceTurns();
    expect(signedWith(turn!, call.secret)).toBe(true);
    expect(turn!.headers['x-webhook-event']).toBe('agent.message');
    expect(turn!.body).toMatchObject({
      event: 'agent.message',
      channel: 'voice',
      agentId: call.agentId,
      data: { callId: call.callId, numberId: call.numberId, from: '+14155550123', to: call.phoneNumber, status: 'in-progress', transcript: 'Where is my order?', direction: 'inbound' },
      conversationState: null,
      recentHistory: [{ role: 'agent', content: 'Hi, this is Acme.', direction: 'outbound', channel: 'voice' }],
    });
    await sut.stored();
    const transcript = await sut.api('GET', `/v1/calls/${call.callId}/transcript`);
    expect(transcript.body.transcript.map((t: { role: string; content: string }) => [t.role, t.content])).toEqual([
      ['agent', 'Hi, this is Acme.'],
      ['user', 'Where is my order?'],
      ['agent', 'One moment. Your order shipped yesterday.'],
    ]);
  });

  it('presses the digits of every alias, star and pound included', async () => {
    const call = await aLiveCall();
    sut.hook.handler = (_, res) => {
      const answer = ndjson(res);
      answer.line({ text: 'Dialling the extension.' });
      answer.line({ digits: '12' });
      answer.line({ press_digit: '*' });
      answer.line({ dtmf: '#' });
      answer.end();
    };

    call.relay.prompt('Connect me to sales');
    await call.relay.until((frames) => frames.some((f) => f.last === true));

    expect(call.relay.frames.filter((f) => f.type === 'sendDigits')).toEqual([
      { type: 'sendDigits', digits: '12' },
      { type: 'sendDigits', digits: '*' },
      { type: 'sendDigits', digits: '#' },
    ]);
  });

  it('cold-transfers to the agent’s transfer number: the session ends with the hand-off and the action dials it', async () => {
    const call = await aLiveCall({ transferNumber: TRANSFER_TO });
    sut.hook.handler = (_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'Transferring you now.', action: 'transfer' }));

    call.relay.prompt('I want a human');
    await call.relay.until((frames) => frames.some((f) => f.type === 'end'));
    const end = call.relay.frames.find((f) => f.type === 'end');
    expect(JSON.parse(end.handoffData)).toEqual({ reason: 'transfer', to: TRANSFER_TO });
    const ended = await sut.twilioPost(`/twilio/voice/relay-ended?callId=${call.callId}`, {
      CallSid: call.callSid,
      CallStatus: 'in-progress',
      SessionStatus: 'ended',
      HandoffData: end.handoffData,
    });

    expect(twimlVerbs(ended.text)).toEqual(['Dial']);
    expect(twimlElement(ended.text, 'Dial')).toMatchObject({ text: TRANSFER_TO, attributes: { callerId: call.phoneNumber } });
    expect(call.relay.spoken()).toEqual(['Transferring you now.']);
    const stored = await sut.api('GET', `/v1/calls/${call.callId}`);
    expect(stored.body).toMatchObject({ status: 'completed', disconnectionReason: 'transfer' });
  });

  it('refuses a transfer when the agent has no transfer number, and logs why', async () => {
    const call = await aLiveCall();
    sut.hook.handler = (_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'Let me transfer you.', action: 'transfer' }));

    call.relay.prompt('I want a human');
    await call.relay.until((frames) => frames.some((f) => f.last === true));

    expect(call.relay.frames.some((f) => f.type === 'end')).toBe(false);
    expect(sut.logger.lines.find((l) => l.message?.startsWith('transfer refused'))?.fields).toMatchObject({ callId: call.callId, agentId: call.agentId });
  });

  it('hangs up when the answer says so', async () => {
    const call = await aLiveCall();
    sut.hook.handler = (_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'Goodbye!', hangup: true }));

    call.relay.prompt('That is all');
    await call.relay.until((frames) => frames.some((f) => f.type === 'end'));
    const end = call.relay.frames.find((f) => f.type === 'end');
    const ended = await sut.twilioPost(`/twilio/voice/relay-ended?callId=${call.callId}`, { CallSid: call.callSid, SessionStatus: 'ended', HandoffData: end.handoffData });

    expect(twimlVerbs(ended.text)).toEqual(['Hangup']);
    expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'agent_hangup' });
  });

  it('on barge-in cancels the answer in flight and keeps only what the caller heard', async () => {
    const call = await aLiveCall();
    sut.hook.handler = (_, res) => {
      const answer = ndjson(res);
      answer.line({ text: 'We have many plans, starting with the basic one at ten dollars a month.' });
    };

    call.relay.prompt('What plans do you have?');
    await call.relay.until((frames) => frames.some((f) => f.type === 'text'));
    call.relay.send({ type: 'interrupt', utteranceUntilInterrupt: 'We have many plans', durationUntilInterruptMs: 900 });
    const [request] = sut.hook.voiceTurns();
    await request!.closed;

    expect(request!.aborted).toBe(true);
    await sut.stored();
    const transcript = await sut.api('GET', `/v1/calls/${call.callId}/transcript`);
    expect(transcript.body.transcript.at(-1)).toMatchObject({ role: 'agent', content: 'We have many plans', interrupted: true });
    expect(call.relay.frames.filter((f) => f.type === 'text')).toHaveLength(1);
  });

  it('says nothing for a turn whose webhook is slower than its timeout, and logs the timeout as a failed delivery', async () => {
    const call = await aLiveCall({}, { timeout: 5 });
    sut.hook.handler = () => undefined; // never answers

    call.relay.prompt('Hello?');
    const [request] = [await sut.hook.next((r) => r.body?.event === 'agent.message')];
    await request!.closed;

    expect(request!.aborted).toBe(true);
    expect(call.relay.frames.filter((f) => f.type === 'text')).toEqual([]);
    expect(sut.logger.lines.some((l) => l.message === 'voice webhook timed out' && l.fields.callId === call.callId)).toBe(true);
    await sut.sut.voice().engine.settle('none');
    const deliveries = await sut.api('GET', `/v1/agents/${call.agentId}/webhook/deliveries`);
    // Beside agent.call_started, which the voice turn's timeout does not concern.
    const turns = deliveries.body.filter((d: { eventType: string }) => d.eventType === 'agent.message');
    expect(turns).toEqual([
      expect.objectContaining({ eventType: 'agent.message', channel: 'voice', callId: call.callId, status: 'failed', attemptCount: 1, httpStatus: null }),
    ]);
    expect(turns[0].errorMessage).toContain('timed out after 5 s');
  }, 15_000);

  it('ends the call on the status callback and sends agent.call_ended with the complete transcript', async () => {
    const call = await aLiveCall({}, { contextLimit: 1 });
    sut.hook.handler = (request, res) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(request.body.event === 'agent.message' ? JSON.stringify({ text: `You said: ${request.body.data.transcript}` }) : '');
    for (const words of ['one', 'two', 'three']) {
      call.relay.prompt(words);
      await call.relay.until((frames) => frames.filter((f) => f.last).length === ['one', 'two', 'three'].indexOf(words) + 1);
    }
    call.relay.close();

    await sut.twilioPost(`/twilio/voice/relay-ended?callId=${call.callId}`, { CallSid: call.callSid, SessionStatus: 'completed', CallStatus: 'completed' });
    await sut.twilioPost('/twilio/voice/status', { CallSid: call.callSid, CallStatus: 'completed', CallDuration: '37' });
    const ended = await sut.hook.next((r) => r.body?.event === 'agent.call_ended');

    expect(sut.hook.voiceTurns().at(-1)!.body.recentHistory).toHaveLength(1);
    expect(signedWith(ended, call.secret)).toBe(true);
    expect(ended.body.data).toMatchObject({ callId: call.callId, status: 'completed', disconnectionReason: 'caller_hangup', direction: 'inbound', type: 'pstn' });
    expect(ended.body.data.transcript).toEqual([
      { role: 'agent', content: 'Hi, this is Acme.' },
      { role: 'user', content: 'one' },
      { role: 'agent', content: 'You said: one' },
      { role: 'user', content: 'two' },
      { role: 'agent', content: 'You said: two' },
      { role: 'user', content: 'three' },
      { role: 'agent', content: 'You said: three' },
    ]);
    const stored = await sut.api('GET', `/v1/calls/${call.callId}`);
    // The status callback came second: the call stays as the first report ended it, announced once.
    expect(stored.body).toMatchObject({ status: 'completed', lastTranscriptSnippet: 'You said: three' });
    expect(stored.body.durationSeconds).not.toBe(37);
    const deliveries = await sut.api('GET', `/v1/agents/${call.agentId}/webhook/deliveries`);
    expect(deliveries.body.filter((d: { eventType: string }) => d.eventType === 'agent.call_ended')).toHaveLength(1);
    expect(await sut.api('POST', `/v1/calls/${call.callId}/end`)).toMatchObject({ status: 409 });
  });

  it('ends a live call on a status callback that names only the carrier\'s call, and changes nothing on a second one', async () => {
    const call = await aLiveCall();
    call.relay.close();

    await sut.twilioPost('/twilio/voice/status', { CallSid: call.callSid, CallStatus: 'completed', CallDuration: '37' });
    await sut.twilioPost('/twilio/voice/status', { CallSid: call.callSid, CallStatus: 'failed', CallDuration: '0' });

    expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'completed', durationSeconds: 37, disconnectionReason: 'caller_hangup' });
    const deliveries = await sut.api('GET', `/v1/agents/${call.agentId}/webhook/deliveries`);
    expect(deliveries.body.filter((d: { eventType: string }) => d.eventType === 'agent.call_ended')).toHaveLength(1);
  });

  it('records the call when the project has the recording add-on, and keeps the recording URL', async () => {
    const line = await sut.anAgentOnTheLine();
    await sut.read(async (tx) => tx.projects.save({ ...(await tx.projects.findById(sut.owner.projectId))!, recordingEnabled: true }));

    const call = await sut.inboundCall(line.phoneNumber);
    await sut.twilioPost(`/twilio/voice/recording?callId=${call.callId}`, {
      CallSid: call.callSid,
      RecordingSid: 'RE123',
      RecordingUrl: 'https://api.twilio.com/2010-04-01/Accounts/AC/Recordings/RE123',
      RecordingStatus: 'completed',
    });

    expect(twimlVerbs(call.twiml)).toEqual(['Start', 'Connect']);
    expect(twimlElement(call.twiml, 'Recording').attributes).toMatchObject({ channels: 'dual', recordingStatusCallback: `${sut.url}/twilio/voice/recording?callId=${call.callId}` });
    expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({
      recordingAvailable: true,
      recordingUrl: 'https://api.twilio.com/2010-04-01/Accounts/AC/Recordings/RE123',
    });
  });
});
