import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { RecordAnsweredBy } from '../../../src/application/use-cases/calls/record-answered-by.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, attributeOf, RelayClient, signedWith, type VoiceHarness } from './voice-harness.js';

const RECIPIENT = '+13125550142';

describe(RecordAnsweredBy.name, () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard();
  });
  afterEach(async () => {
    await sut.stop();
  });

  /** Places the call, Twilio answers it, and ConversationRelay's socket opens. */
  const anAnsweredCall = async (agentFields: Record<string, unknown>, callFields: Record<string, unknown> = {}) => {
    const line = await sut.anAgentOnTheLine(agentFields);
    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, ...callFields });
    expect(placed.status).toBe(200);
    const created = sut.fake.requestsTo('createCall').at(-1)!;
    const callSid = [...sut.placedCalls.keys()].at(-1)!;
    await sut.twilioPost(`/twilio/voice/status?callId=${placed.body.id}`, { CallSid: callSid, CallStatus: 'in-progress' });
    const relay = await RelayClient.open(attributeOf(String(created.form.Twiml), 'ConversationRelay', 'url')!);
    relay.setup(callSid);
    return { line, callId: placed.body.id as string, created, relay, callSid };
  };
  const updatesOf = () => sut.fake.requestsTo('updateCall');
  const events = (name: string) => sut.hook.requests.filter((r) => r.body?.event === name);

  it('asks Twilio for asynchronous detection, and on machine_end_beep says the voicemail message and hangs up (voicemail)', async () => {
    const call = await anAnsweredCall({ voicemailMessage: 'Hi, this is Acme about your order. Please call us back.' });

    const verdict = await sut.twilioPost(`/twilio/voice/answered-by?callId=${call.callId}`, { CallSid: call.callSid, AnsweredBy: 'machine_end_beep', MachineDetectionDuration: '4200' });

    expect(verdict.status).toBe(200);
    expect(call.created.form).toMatchObject({
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: `${sut.url}/twilio/voice/answered-by?callId=${call.callId}`,
      AsyncAmdStatusCallbackMethod: 'POST',
    });
    const update = updatesOf().at(-1)!;
    expect(update.path).toContain(call.callSid);
    expect(String(update.form.Twiml)).toMatch(/<Say voice="Google.en-US-Journey-O" language="en-US">Hi, this is Acme about your order. Please call us back.<\/Say><Hangup\/>/);
    expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'voicemail', answeredBy: 'machine_end_beep' });
    const ended = await eventually(() => events('agent.call_ended')[0], { what: 'agent.call_ended' });
    expect(ended.body.data).toMatchObject({ disconnectionReason: 'voicemail', answeredBy: 'machine_end_beep' });
    expect(typeof ended.body.data.durationSeconds).toBe('number');
    const started = await eventually(() => events('agent.call_started')[0], { what: 'agent.call_started' });
    expect(started.body.data).toMatchObject({ callId: call.callId, direction: 'outbound', answeredBy: 'machine_end_beep' });
    expect(signedWith(started, call.line.secret)).toBe(true);
    call.relay.close();
  });

  it('fills the call’s variables into the voicemail message', async () => {
    const call = await anAnsweredCall(
      { voicemailMessage: 'Hi {{first_name}}, this is Acme about order {{order}}.' },
      { variables: { first_name: 'Ada', order: '42' } },
    );

    await sut.twilioPost(`/twilio/voice/answered-by?callId=${call.callId}`, { CallSid: call.callSid, AnsweredBy: 'machine_end_beep' });

    expect(String(updatesOf().at(-1)!.form.Twiml)).toContain('>Hi Ada, this is Acme about order 42.</Say><Hangup/>');
    call.relay.close();
  });

  it('lets a human talk to the agent as usual, telling the webhook who answered', async () => {
    sut.hook.handler = (request, res) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(request.body.event === 'agent.message' ? JSON.stringify({ text: 'Great.' }) : '');
    const call = await anAnsweredCall({ voicemailMessage: 'Please call back.' });

    await sut.twilioPost(`/twilio/voice/answered-by?callId=${call.callId}`, { CallSid: call.callSid, AnsweredBy: 'human' });
    call.relay.prompt('Hello?');
    await call.relay.until((frames) => frames.some((f) => f.last));

    expect(call.relay.spoken()).toEqual(['Great.']);
    expect(updatesOf()).toEqual([]);
    expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'in-progress', answeredBy: 'human' });
    const started = await eventually(() => events('agent.call_started')[0], { what: 'agent.call_started' });
    expect(started.body.data.answeredBy).toBe('human');
    call.relay.close();
  });

  it('hangs up on a machine without a message for a hosted agent, and leaves a webhook-mode agent to decide', async () => {
    const webhookMode = await anAnsweredCall({});

    await sut.twilioPost(`/twilio/voice/answered-by?callId=${webhookMode.callId}`, { CallSid: webhookMode.callSid, AnsweredBy: 'machine_end_silence' });

    const hosted = await anAnsweredCall({ voiceMode: 'hosted', systemPrompt: 'You book appointments.' });
    await sut.twilioPost(`/twilio/voice/answered-by?callId=${hosted.callId}`, { CallSid: hosted.callSid, AnsweredBy: 'machine_end_beep' });

    expect((await sut.api('GET', `/v1/calls/${webhookMode.callId}`)).body).toMatchObject({ status: 'in-progress', answeredBy: 'machine_end_silence' });
    expect(updatesOf().map((u) => [u.path.includes(hosted.callSid), u.form.Status])).toEqual([[true, 'completed']]);
    expect((await sut.api('GET', `/v1/calls/${hosted.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'voicemail', answeredBy: 'machine_end_beep' });
    webhookMode.relay.close();
    hosted.relay.close();
  });

  it('runs no detection when the call says voicemailDetection: false, and starts the call when Twilio says it is answered', async () => {
    const call = await anAnsweredCall({ voicemailMessage: 'Please call back.' }, { voicemailDetection: false });

    expect(call.created.form.MachineDetection).toBeUndefined();
    expect(call.created.form.AsyncAmdStatusCallback).toBeUndefined();
    const started = await eventually(() => events('agent.call_started')[0], { what: 'agent.call_started' });
    expect(started.body.data).toMatchObject({ callId: call.callId, answeredBy: null });
    call.relay.close();
  });

  it('refuses an unsigned verdict', async () => {
    const response = await fetch(`${sut.url}/twilio/voice/answered-by?callId=call_x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'CallSid=CAx&AnsweredBy=machine_end_beep',
    });
    expect(response.status).toBe(403);
  });
});

describe('answering machines on the simulated carrier', () => {
  let sut: VoiceHarness;
  let telephony: SimulatedTelephony;
  beforeEach(async () => {
    telephony = new SimulatedTelephony();
    sut = await aVoiceSwitchboard({ twilio: false, telephony });
  });
  afterEach(async () => {
    await sut.stop();
  });

  it('answers as a machine: the voicemail message is left and the call hangs up; a person talks to the agent', async () => {
    const line = await sut.anAgentOnTheLine({ voicemailMessage: 'Acme here, please call us back.' });
    const toMachine = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    const toPerson = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    const simulated = sut.sut.voice().simulated!;

    const machine = await simulated.answerOutbound(toMachine.body.id, 'machine_end_beep');
    const person = await simulated.answerOutbound(toPerson.body.id);

    expect(E.isRight(machine) && E.isRight(person)).toBe(true);
    expect(telephony.placedCalls.every((c) => c.machineDetection)).toBe(true);
    const machineSid = telephony.placedCalls.find((c) => c.callId === toMachine.body.id)!.providerCallId;
    expect(telephony.closingWords.get(machineSid)).toBe('Acme here, please call us back.');
    expect((await sut.api('GET', `/v1/calls/${toMachine.body.id}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'voicemail', answeredBy: 'machine_end_beep' });
    expect((await sut.api('GET', `/v1/calls/${toPerson.body.id}`)).body).toMatchObject({ status: 'in-progress', answeredBy: 'human' });
  });
});
