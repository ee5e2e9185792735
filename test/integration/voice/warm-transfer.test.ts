import * as E from 'fp-ts/lib/Either.js';
import { twimlElement, twimlVerbs } from '../../support/twiml.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { RecordWarmTransfer } from '../../../src/application/use-cases/calls/record-warm-transfer.js';
import { TRANSFER_RETURN_LINE } from '../../../src/domain/call-behaviour.js';
import { answer, FakeChatCompletions, text, toolCall } from '../../support/fake-chat-completions.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, attributeOf, RelayClient, signedWith, type VoiceHarness } from './voice-harness.js';

const HUMAN = '+13125550188';
const OTHER_HUMAN = '+13125550177';

describe(RecordWarmTransfer.name, () => {
  let sut: VoiceHarness;
  let fake: FakeChatCompletions | null = null;
  afterEach(async () => {
    await sut.stop();
    await fake?.stop();
    fake = null;
  });

  const events = () => sut.hook.requests.map((r) => r.body?.event).filter((e: string) => e !== 'agent.message');
  /**
   * The events received, in the order they happened: deliveries may overtake one another on
   * the wire, so the order is the one of their timestamps (taken as each was queued), which must
   * not go backwards along `expected`.
   */
  const happened = (expected: readonly string[]) => {
    const received = sut.hook.requests.filter((r) => r.body?.event !== 'agent.message');
    const times = expected.map((name, i) => {
      const ofName = received.filter((r) => r.body.event === name);
      const nth = expected.slice(0, i).filter((n) => n === name).length;
      return Date.parse(ofName.sort((a, b) => Date.parse(a.body.timestamp) - Date.parse(b.body.timestamp))[nth]?.body.timestamp ?? 'NaN');
    });
    return { sameEvents: [...events()].sort(), expected: [...expected].sort(), inOrder: times.every((time, i) => i === 0 || time >= times[i - 1]!) };
  };

  describe('on Twilio, from a webhook answer', () => {
    /** An inbound call whose webhook asks for a warm transfer on the caller's first words; its relay sent `end`. */
    const aCallBeingTransferred = async () => {
      sut = await aVoiceSwitchboard();
      const line = await sut.anAgentOnTheLine({ transferNumber: HUMAN });
      sut.hook.handler = (request, res) => {
        if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
        const said: string = request.body.data.transcript;
        const reply = said.includes('human')
          ? { text: 'Let me get someone for you.', action: 'transfer', mode: 'warm', summary: 'Dana wants a refund for order 1234.', number: OTHER_HUMAN }
          : { text: `You said ${said}.` };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      };
      const call = await sut.inboundCall(line.phoneNumber);
      const relay = await RelayClient.open(call.relayUrl!);
      relay.setup(call.callSid);
      relay.prompt('A human please');
      await relay.until((frames) => frames.some((f) => f.type === 'end'));
      const end = relay.frames.find((f) => f.type === 'end');
      const dial = await sut.twilioPost(`/twilio/voice/relay-ended?callId=${call.callId}`, { CallSid: call.callSid, SessionStatus: 'ended', HandoffData: end.handoffData });
      return { ...call, line, relay, dial };
    };

    it('holds the caller, dials the human with the whisper, then bridges them (events in order, call ends as transfer)', async () => {
      const call = await aCallBeingTransferred();

      const whisperUrl = attributeOf(call.dial.text, 'Number', 'url')!;
      const whisper = await sut.twilioPost(new URL(whisperUrl).pathname + new URL(whisperUrl).search, { CallSid: 'CAchild', DialCallStatus: 'in-progress' });

      expect(twimlElement(call.dial.text, 'Say')).toMatchObject({ text: 'Please hold while I connect you.', attributes: { voice: 'Google.en-US-Journey-O' } });
      expect(attributeOf(call.dial.text, 'Dial', 'timeout')).toBe('30');
      expect(attributeOf(call.dial.text, 'Dial', 'callerId')).toBe(call.line.phoneNumber);
      expect(call.dial.text).toMatch(new RegExp(`<Number [^>]*>\\${OTHER_HUMAN}</Number>`));
      expect(twimlElement(whisper.text, 'Say')).toMatchObject({ text: 'Dana wants a refund for order 1234.', attributes: { voice: 'Google.en-US-Journey-O' } });
      await eventually(() => events().length === 4, { what: () => `four events, got ${events()}` });
      const order = happened(['agent.call_started', 'agent.transfer_started', 'agent.transfer_bridged', 'agent.call_ended']);
      expect(order.sameEvents).toEqual(order.expected);
      expect(order.inOrder).toBe(true);
      const bridged = sut.hook.requests.find((r) => r.body?.event === 'agent.transfer_bridged')!;
      expect(bridged.body.data).toMatchObject({ callId: call.callId, mode: 'warm', transferTo: OTHER_HUMAN, summary: 'Dana wants a refund for order 1234.' });
      expect(signedWith(bridged, call.line.secret)).toBe(true);
      expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'transfer' });
      const logged = await sut.api('GET', '/v1/webhooks/deliveries?limit=100');
      expect(logged.body.data.map((d: { eventType: string }) => d.eventType)).toEqual(expect.arrayContaining(['agent.transfer_started', 'agent.transfer_bridged']));
    });

    it('brings the caller back to the agent when the human does not answer, telling the agent, once', async () => {
      const call = await aCallBeingTransferred();

      const dialEnded = attributeOf(call.dial.text, 'Dial', 'action')!;
      const back = await sut.twilioPost(new URL(dialEnded).pathname + new URL(dialEnded).search, { CallSid: call.callSid, DialCallStatus: 'no-answer' });
      const relayUrl = attributeOf(back.text, 'ConversationRelay', 'url')!;
      const relay = await RelayClient.open(relayUrl);
      relay.setup(call.callSid);
      relay.prompt('ok then');
      await relay.until((frames) => frames.some((f) => f.last));
      const replayed = await RelayClient.open(relayUrl);
      await eventually(() => replayed.closed, { what: 'the replayed return socket to be closed' });

      expect(attributeOf(back.text, 'ConversationRelay', 'welcomeGreeting')).toBe(TRANSFER_RETURN_LINE);
      expect(relay.spoken()).toEqual(['You said ok then.']);
      const failed = await eventually(() => sut.hook.requests.find((r) => r.body?.event === 'agent.transfer_failed'), { what: 'agent.transfer_failed' });
      expect(failed.body.data).toMatchObject({ callId: call.callId, transferTo: OTHER_HUMAN, failureReason: 'no-answer' });
      await sut.stored();
      const stored = (await sut.api('GET', `/v1/calls/${call.callId}`)).body;
      expect(stored.status).toBe('in-progress');
      expect(stored.transcript.map((t: { content: string }) => t.content)).toEqual([
        'Hi, this is Acme.',
        'A human please',
        'Let me get someone for you.',
        TRANSFER_RETURN_LINE,
        'ok then',
        'You said ok then.',
      ]);
      relay.close();
    });
  });

  describe('on the simulated carrier, from the hosted agent', () => {
    it('warm-transfers with a whisper the model wrote, and falls back to the agent when declined', async () => {
      fake = await FakeChatCompletions.start();
      const telephony = new SimulatedTelephony();
      sut = await aVoiceSwitchboard({
        twilio: false,
        telephony,
        config: { llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000 } },
      });
      const simulated = sut.sut.voice().simulated!;
      const line = await sut.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are the Acme front desk.', transferNumber: HUMAN });
      const summary = 'Sam from Boston has a leaking boiler and wants a visit today.';
      fake.reply(answer(text('Connecting you now.'), toolCall('warm_transfer', { summary })));
      fake.reply(answer(text('Connecting you again.'), toolCall('warm_transfer', { summary })));
      const started = await simulated.startInbound({ from: '+14155550123', to: line.phoneNumber });
      if (E.isLeft(started)) throw new Error(started.left._tag);
      const call = started.right;

      simulated.sayAsCaller(call.callId, 'My boiler leaks, can I talk to a plumber?');
      await call.until((c) => c.transfers.length === 1);
      const declined = await simulated.failTransfer(call.callId, 'busy');
      simulated.sayAsCaller(call.callId, 'Please try again');
      await call.until((c) => c.transfers.length === 2);
      const heard = await simulated.answerTransfer(call.callId);

      expect(E.isRight(declined)).toBe(true);
      expect(heard).toEqual(E.right(summary));
      expect(call.events.filter((e) => e.type === 'transfer')).toEqual([
        { type: 'transfer', to: HUMAN, mode: 'warm', summary },
        { type: 'transfer', to: HUMAN, mode: 'warm', summary },
      ]);
      expect(call.utterances()).toContain(TRANSFER_RETURN_LINE);
      const tools = fake.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
      expect(tools).toContain('warm_transfer');
      expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain(TRANSFER_RETURN_LINE);
      await eventually(() => events().length === 6, { what: () => `six events, got ${events()}` });
      const order = happened([
        'agent.call_started',
        'agent.transfer_started',
        'agent.transfer_failed',
        'agent.transfer_started',
        'agent.transfer_bridged',
        'agent.call_ended',
      ]);
      expect(order.sameEvents).toEqual(order.expected);
      expect(order.inOrder).toBe(true);
      expect((await sut.api('GET', `/v1/calls/${call.callId}`)).body).toMatchObject({ status: 'completed', disconnectionReason: 'transfer' });
    });
  });
});
