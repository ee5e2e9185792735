import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallDrain } from '../../../src/application/voice/call-drain.js';
import { eventually } from '../../support/eventually.js';
import { FakeTwilioApi } from '../../support/fake-twilio-api.js';
import { LoadBalancer } from '../../support/load-balancer.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { twimlElements } from '../../support/twiml.js';
import { TwilioCarrier, type CarrierCall } from './twilio-carrier.js';
import { ACCOUNT_SID, AUTH_TOKEN, aVoiceNodeOnPostgres, CustomerWebhook, type VoiceHarness } from './voice-harness.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const CALLS = 20;
/** Caller turns before the restart begins, during it, and after it. */
const BEFORE = 2;
const DURING = 3;

/**
 * Two nodes on one PostgreSQL behind a load balancer (their shared PUBLIC_URL), Twilio in front
 * of them. One node is restarted, as a deploy does, while 20 calls talk: its calls move to the
 * other node, and none is dropped or loses a word.
 */
describe.skipIf(!serverUrl)(`${CallDrain.name}: a rolling restart of one of two nodes during live calls`, () => {
  const closing: (() => Promise<void>)[] = [];
  const hook = new CustomerWebhook();
  let lb: LoadBalancer;
  let carrier: TwilioCarrier;
  let databaseUrl: string;
  let twilioApi: FakeTwilioApi;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_restart');
    closing.push(() => scratch.drop());
    databaseUrl = scratch.url;
    twilioApi = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    closing.push(() => twilioApi.stop());
    lb = await new LoadBalancer().start();
    closing.push(() => lb.stop());
    carrier = new TwilioCarrier(twilioApi, lb);
    await hook.start();
    closing.push(() => hook.stop());
    hook.handler = (request, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(request.body?.event === 'agent.message' ? `${JSON.stringify({ text: `Echo: ${request.body.data.transcript}` })}\n` : '');
    };
  }, 60_000);

  afterAll(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  }, 60_000);

  const aNode = () => aVoiceNodeOnPostgres(databaseUrl, closing, { publicUrl: lb.url, drainTimeoutMs: 20_000 }, twilioApi);

  /** The caller says `text` and waits until the agent has echoed it. */
  const talk = async (call: CarrierCall, text: string) => {
    call.say(text);
    await eventually(() => call.spoken().includes(`Echo: ${text}`) || call.failure, {
      what: () => `the echo of "${text}" on ${call.callId}: ${JSON.stringify(call.spoken())}`,
      within: 20_000,
    });
    if (call.failure) throw new Error(call.failure);
  };

  it('answers every call after the restart, with every caller turn once and in order, and no call ended by an error', async () => {
    const a = await aNode();
    const b = await aNode();
    lb.backends = [a.url, b.url];
    const { key, projectId } = a.owner;
    const capped = await a.sut.useCases().admin.setCallLimit.execute({ projectId, limit: CALLS * 2 })();
    if (E.isLeft(capped)) throw new Error(capped.left._tag);
    const agent = await a.api('POST', '/v1/agents', { name: 'Front desk', greeting: 'Hello, front desk.' });
    await a.api('POST', `/v1/agents/${agent.body.id}/webhook`, { url: hook.url });
    const number = await a.api('POST', '/v1/numbers', { agentId: agent.body.id });
    const calls = await Promise.all(Array.from({ length: CALLS }, (_, i) => carrier.dial(number.body.phoneNumber, `+1415555${String(2000 + i)}`)));
    const heldBy = (node: VoiceHarness) => calls.filter((call) => node.sut.voice().engine.find(call.callId)).length;
    await eventually(() => heldBy(a) + heldBy(b) === CALLS, { what: 'every call connected', within: 20_000 });
    const onA = heldBy(a);
    const said = (call: CarrierCall, turn: number) => `call ${call.callId} turn ${turn}`;

    for (let turn = 1; turn <= BEFORE; turn++) await Promise.all(calls.map((call) => talk(call, said(call, turn))));
    // A deploy restarts node A while every caller goes on talking.
    const talking = Promise.all(
      calls.map(async (call) => {
        for (let turn = BEFORE + 1; turn <= BEFORE + DURING; turn++) await talk(call, said(call, turn));
      }),
    );
    await a.stop();
    const restarted = await aNode();
    lb.backends = [b.url, restarted.url];
    await talking;
    await carrier.settled();
    const after = BEFORE + DURING + 1;
    await Promise.all(calls.map((call) => talk(call, said(call, after))));
    for (const call of calls) await carrier.hangUp(call);

    expect(onA).toBeGreaterThan(0);
    expect(carrier.redirects).toHaveLength(onA);
    for (const twiml of carrier.redirects) expect(twimlElements(twiml, 'ConversationRelay')[0]!.attributes.welcomeGreeting).toBeUndefined();
    const turns = Array.from({ length: after }, (_, i) => i + 1);
    for (const call of calls) {
      const ended = await b.api('GET', `/v1/calls/${call.callId}?wait=true&timeout=10`, undefined, key);
      expect(ended.body).toMatchObject({ status: 'completed', disconnectionReason: 'caller_hangup' });
      const transcript: { role: string; content: string }[] = ended.body.transcript;
      expect(transcript.filter((t) => t.role === 'user').map((t) => t.content)).toEqual(turns.map((turn) => said(call, turn)));
      expect(transcript.filter((t) => t.role === 'agent').map((t) => t.content)).toEqual(['Hello, front desk.', ...turns.map((turn) => `Echo: ${said(call, turn)}`)]);
    }
  }, 180_000);
});
