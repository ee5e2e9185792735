import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, ACCOUNT_SID, ndjson, RelayClient, type VoiceHarness } from './voice-harness.js';

/** What arrives from outside (the carrier, the customer's webhook) is decoded; what does not fit is logged and left out. */
describe('malformed input at the voice edges', () => {
  let sut: VoiceHarness;
  afterEach(async () => {
    await sut?.stop();
  });

  const warnings = (message: string) => sut.logger.lines.filter((line) => line.level === 'warn' && line.message === message);

  /** An inbound call answered on a fresh agent whose webhook echoes the caller, its relay socket open. */
  const aLiveCall = async () => {
    sut = await aVoiceSwitchboard();
    const line = await sut.anAgentOnTheLine();
    sut.hook.handler = (request, res) => {
      const answer = ndjson(res);
      answer.line({ text: `You said ${request.body.data.transcript}.` });
      answer.end();
    };
    const call = await sut.inboundCall(line.phoneNumber);
    const relay = await RelayClient.open(call.relayUrl!);
    relay.setup(call.callSid);
    return { ...call, relay };
  };

  it('logs and ignores relay frames that do not fit, and the call goes on', async () => {
    const call = await aLiveCall();

    call.relay.socket.send('{"type":"prompt","voicePrompt":');
    call.relay.send({ type: 'prompt', voicePrompt: 42, last: true });
    call.relay.send({ type: 'dtmf' });
    call.relay.send({ voicePrompt: 'no type' });
    call.relay.send({ type: 'somethingNew', detail: 1 });
    call.relay.prompt('Are you there?');
    await call.relay.until((frames) => frames.some((f) => f.last === true && f.token === ''));

    expect(call.relay.spoken()).toEqual(['You said Are you there?.']);
    expect(warnings('malformed ConversationRelay frame ignored').map((line) => line.fields)).toEqual([
      expect.objectContaining({ callId: call.callId, reason: 'not JSON' }),
      expect.objectContaining({ callId: call.callId, reason: 'a "prompt" frame with a missing or mistyped voicePrompt' }),
      expect.objectContaining({ callId: call.callId, reason: 'a "dtmf" frame with a missing or mistyped digit' }),
      expect.objectContaining({ callId: call.callId, reason: 'no type' }),
    ]);
    expect(sut.logger.lines.some((line) => line.message === 'ConversationRelay frame of an unknown type ignored' && line.fields.reason === 'type "somethingNew"')).toBe(true);
    expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body.status).toBe('in-progress');
  });

  it('speaks the lines of a voice answer that fit, logs the garbage between them, and answers the next turn', async () => {
    const call = await aLiveCall();
    sut.hook.handler = (_, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end('{"text":"First,"}\n<html>502 Bad Gateway</html>\n{"text":" then this."}\n[1,2\n');
    };

    call.relay.prompt('Hello?');
    await call.relay.until((frames) => frames.some((f) => f.last === true && f.token === ''));
    sut.hook.handler = (_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"Still here."}');
    call.relay.prompt('Still there?');
    await call.relay.until((frames) => frames.filter((f) => f.last === true && f.token === '').length === 2);

    expect(call.relay.spoken()).toEqual(['First, then this.', 'Still here.']);
    expect(warnings('unreadable part of a voice answer ignored').map((line) => line.fields.reason)).toEqual([
      'not JSON: <html>502 Bad Gateway</html>',
      'not JSON: [1,2',
    ]);
  });

  it.each([
    ['/twilio/voice', { AccountSid: ACCOUNT_SID, From: '+14155550123', To: '+13125550100' }, [{ field: 'CallSid', message: 'field required', type: 'missing' }]],
    ['/twilio/voice/status', { CallSid: 'CA1', CallStatus: 'completed', CallDuration: 'soon' }, [{ field: 'CallDuration', message: 'must be digits', type: 'value_error' }]],
    ['/twilio/voice/relay-ended?callId=call_1', { SessionStatus: 'ended' }, [{ field: 'CallSid', message: 'field required', type: 'missing' }]],
    ['/twilio/voice/recording', { RecordingUrl: 'https://rec/1' }, [{ field: 'CallSid', message: 'field required', type: 'missing' }]],
    ['/twilio/sms', { MessageSid: 'SM1', From: '+14155550123', Body: 'hi' }, [{ field: 'To', message: 'field required', type: 'missing' }]],
    ['/twilio/sms/status', { MessageSid: 'SM1' }, [{ field: 'MessageStatus', message: 'field required', type: 'missing' }]],
  ])('refuses signed parameters that do not fit %s with 400 in the error envelope, and logs it', async (path, params, details) => {
    sut = await aVoiceSwitchboard();

    const reply = await sut.twilioPost(path, params);

    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ error: { message: expect.stringContaining('Invalid Twilio webhook parameters'), code: 'VALIDATION_ERROR', type: 'validation_error', details } });
    expect(warnings('Twilio webhook with invalid parameters refused').map((line) => line.fields.details)).toEqual([details]);
  });

  it('checks the signature before the parameters: an unsigned malformed request is 403', async () => {
    sut = await aVoiceSwitchboard();

    const unsigned = await fetch(`${sut.url}/twilio/voice/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ CallDuration: 'soon' }).toString(),
    });

    expect(unsigned.status).toBe(403);
    expect(warnings('Twilio webhook with invalid parameters refused')).toEqual([]);
  });

  /** A simulated web call on a fresh agent whose webhook echoes the caller; its socket open, the frames it got. */
  const aWebCall = async () => {
    sut = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony() });
    const line = await sut.anAgentOnTheLine();
    sut.hook.handler = (request, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: `You said ${request.body.data.transcript}.` }));
    const web = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const frames: any[] = [];
    const socket = new WebSocket(`${sut.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(web.body.accessToken)}`);
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    return { callId: web.body.callId as string, socket, frames };
  };

  it('logs and ignores web call frames that do not fit, and the call goes on', async () => {
    const { socket, frames } = await aWebCall();

    socket.send('not json');
    socket.send(JSON.stringify({ type: 'prompt', voicePrompt: null }));
    socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'hi there', last: true }));
    await eventually(() => frames.filter((f) => f.last).length >= 2, { what: 'the greeting and the answer' });
    socket.close();

    expect(frames.filter((f) => f.type === 'text').map((f) => f.token).join('')).toBe('Hi, this is Acme.You said hi there.');
    expect(warnings('web call frame ignored').map((l) => l.fields.reason)).toEqual(['not JSON', 'not a prompt, interrupt or dtmf frame (type "prompt")']);
  });

  it('keeps caller speech with NUL or a lone surrogate as text the store can hold, and the call goes on', async () => {
    const { socket, frames } = await aWebCall();

    socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'hi\u0000 there \ud800', last: true }));
    await eventually(() => frames.filter((f) => f.last).length >= 2, { what: 'the greeting and the answer' });
    socket.close();

    expect(frames.filter((f) => f.type === 'text').map((f) => f.token).join('')).toBe('Hi, this is Acme.You said hi there \ufffd.');
  });

  it('closes a web call socket that sends a frame over 64 KiB (1009) without buffering it', async () => {
    const { socket } = await aWebCall();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'x'.repeat(128 * 1024), last: true }));

    expect(await closed).toBe(1009);
  });

  it('closes a relay socket that sends a frame over 64 KiB (1009)', async () => {
    const call = await aLiveCall();
    const closed = new Promise<number>((resolve) => call.relay.socket.once('close', (code) => resolve(code)));

    call.relay.send({ type: 'prompt', voicePrompt: 'x'.repeat(128 * 1024), last: true });

    expect(await closed).toBe(1009);
  });
});
