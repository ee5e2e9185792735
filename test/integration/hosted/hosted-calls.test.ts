import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { HostedBrain } from '../../../src/application/hosted/hosted-brain.js';
import type { SwitchboardConfig } from '../../../src/bootstrap/config.js';
import { answer, failure, FakeChatCompletions, hang, raw, text, toolCall, waitFor } from '../../support/fake-chat-completions.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const PROMPT = 'You are the front desk of Acme Plumbing.';
const APOLOGY = "Sorry, I'm having trouble right now. Please try again in a moment.";

describe(HostedBrain.name, () => {
  let fake: FakeChatCompletions;
  let harness: VoiceHarness;
  let telephony: SimulatedTelephony;
  let simulated: SimulatedCalls;

  const start = async (config: Partial<SwitchboardConfig> = {}) => {
    telephony = new SimulatedTelephony();
    harness = await aVoiceSwitchboard({
      twilio: false,
      telephony,
      config: { llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'test-model', timeoutMs: 400 }, ...config },
    });
    simulated = harness.sut.voice().simulated!;
  };
  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
  });
  afterEach(async () => {
    await harness?.stop();
    await fake.stop();
  });

  const aHostedLine = (fields: Record<string, unknown> = {}) =>
    harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, greeting: 'Acme Plumbing, hello!', ...fields });
  const callIn = async (phoneNumber: string): Promise<SimulatedCall> => {
    const started = await simulated.startInbound({ from: '+14155550123', to: phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  /** Talk cycles the agent finished (the greeting is one). */
  const cycles = (call: SimulatedCall) => call.events.filter((e) => e.type === 'text' && e.last).length;
  /** The caller has heard `words`: text frames are streamed pieces, so they are read joined. */
  const spoke = (call: SimulatedCall, words: string) =>
    call.events
      .flatMap((e) => (e.type === 'text' ? [e.token] : []))
      .join('')
      .includes(words);
  const storedCall = async (callId: string) => {
    await harness.sut.voice().engine.settle('none');
    return (await harness.api('GET', `/v1/calls/${callId}`)).body;
  };

  describe('with a model configured', () => {
    beforeEach(async () => {
      await start();
    });

    it('answers from the system prompt, the call context and the transcript, and no webhook hears the turn', async () => {
      const line = await aHostedLine();
      fake.reply(answer(text('We fix leaks'), text(' all day. Anything else?')));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Do you fix leaks?');
      await call.until((c) => cycles(c) === 2);

      expect(call.utterances()).toEqual(['Acme Plumbing, hello!', 'We fix leaks all day. Anything else?']);
      const sent = fake.requests[0]!.body;
      expect(sent.model).toBe('test-model');
      expect(sent.messages[0].role).toBe('system');
      expect(sent.messages[0].content).toContain(PROMPT);
      expect(sent.messages[0].content).toContain('"Acme support"');
      expect(sent.messages[0].content).toContain(`The caller dialled ${line.phoneNumber} from +14155550123.`);
      expect(sent.messages[0].content).toContain('greeting: "Acme Plumbing, hello!"');
      expect(sent.messages.slice(1)).toEqual([
        { role: 'assistant', content: 'Acme Plumbing, hello!' },
        { role: 'user', content: 'Do you fix leaks?' },
      ]);
      expect(sent.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['transfer_call', 'end_call', 'opt_out']);
      expect(harness.hook.voiceTurns()).toEqual([]);
      const stored = await storedCall(call.callId);
      expect(stored.transcript.map((t: { role: string; content: string }) => [t.role, t.content])).toEqual([
        ['agent', 'Acme Plumbing, hello!'],
        ['user', 'Do you fix leaks?'],
        ['agent', 'We fix leaks all day. Anything else?'],
      ]);
    });

    it('speaks the first sentence before the rest of the answer exists', async () => {
      const line = await aHostedLine();
      let call: SimulatedCall;
      let heldBackUntilSpoken = false;
      fake.reply(
        answer(
          text('Thanks for'),
          text(' calling Acme. '),
          waitFor(async () => {
            await call.until((c) => spoke(c, 'Thanks for calling Acme.'));
            heldBackUntilSpoken = true;
          }),
          text('How can I help?'),
        ),
      );
      call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Hello?');
      await call.until((c) => cycles(c) === 2);

      expect(heldBackUntilSpoken).toBe(true);
      const answerFrames = call.events.filter((e) => e.type === 'text').slice(1);
      expect(answerFrames.map((e) => (e.type === 'text' ? e.token : '')).join('')).toBe('Thanks for calling Acme. How can I help?');
      expect(answerFrames.at(-1)).toEqual({ type: 'text', token: '', last: true });
      expect(answerFrames.slice(0, -1).every((e) => e.type === 'text' && !e.last)).toBe(true);
    });

    it('transfers the caller to the agent’s transfer number when the model calls transfer_call', async () => {
      const line = await aHostedLine({ transferNumber: '+13125550188' });
      fake.reply(answer(text('Putting you through now.'), toolCall('transfer_call')));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'I want a human.');
      await call.until((c) => c.transfers.length === 1);
      await call.finished;

      expect(call.utterances()[1]).toBe('Putting you through now.');
      expect(call.transfers).toEqual(['+13125550188']);
      expect(await storedCall(call.callId)).toMatchObject({ status: 'completed', disconnectionReason: 'transfer' });
    });

    it('refuses a transfer without a transfer number, tells the model why, and speaks its next answer', async () => {
      const line = await aHostedLine();
      fake.reply(answer(toolCall('transfer_call')), answer(text('I can’t transfer you, but I can help.')));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Transfer me.');
      await call.until((c) => cycles(c) === 2);

      expect(call.transfers).toEqual([]);
      expect(call.utterances()[1]).toBe('I can’t transfer you, but I can help.');
      const followUp = fake.requests[1]!.body.messages.slice(-2);
      expect(followUp[0]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_fake_0', function: { name: 'transfer_call' } }] });
      expect(followUp[1]).toMatchObject({ role: 'tool', tool_call_id: 'call_fake_0', content: expect.stringContaining('Refused: no transfer number') });
      expect((await storedCall(call.callId)).status).toBe('in-progress');
    });

    it('hangs up when the model calls end_call', async () => {
      const line = await aHostedLine();
      fake.reply(answer(text('Goodbye!'), toolCall('end_call')));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'That is all, thanks.');
      await call.until((c) => c.endedBy === 'hangup');
      await call.finished;

      expect(call.utterances()[1]).toBe('Goodbye!');
      expect(await storedCall(call.callId)).toMatchObject({ status: 'completed', disconnectionReason: 'agent_hangup' });
    });

    it('makes one outbound call hosted with its own systemPrompt, and presses digits in a phone tree', async () => {
      const line = await harness.anAgentOnTheLine();
      fake.reply(answer(toolCall('press_digits', { digits: '2#' })), answer(text('Hi, I am calling about order 42.')));
      const placed = await harness.api('POST', '/v1/calls', {
        agentId: line.agentId,
        toNumber: '+13125550142',
        initialGreeting: '',
        systemPrompt: 'Reach the orders desk and ask about order 42.',
      });
      const answered = await simulated.answerOutbound(placed.body.id);
      if (E.isLeft(answered)) throw new Error(answered.left._tag);
      const call = answered.right;

      simulated.sayAsCaller(call.callId, 'For sales press 1, for orders press 2 then pound.');
      await call.until((c) => c.digits.length === 1);
      simulated.sayAsCaller(call.callId, 'Orders desk, how can I help?');
      await call.until((c) => cycles(c) === 1);

      expect(call.digits).toEqual(['2#']);
      expect(call.utterances()).toEqual(['Hi, I am calling about order 42.']);
      expect(harness.hook.voiceTurns()).toEqual([]);
      const [first, second] = fake.requests.map((r) => r.body);
      expect(first.messages[0].content).toContain('Reach the orders desk and ask about order 42.');
      expect(first.messages[0].content).toContain('You called +13125550142');
      expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['transfer_call', 'press_digits', 'end_call', 'opt_out']);
      // The second turn sees what the first one pressed.
      expect(second.messages.slice(1)).toEqual([
        { role: 'user', content: 'For sales press 1, for orders press 2 then pound.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_fake_0', type: 'function', function: { name: 'press_digits', arguments: '{"digits":"2#"}' } }] },
        { role: 'tool', tool_call_id: 'call_fake_0', content: 'Pressed 2#.' },
        { role: 'user', content: 'Orders desk, how can I help?' },
      ]);
    });

    it('aborts the model’s stream on barge-in: the connection closes and only what was heard is kept', async () => {
      const line = await aHostedLine();
      fake.reply(answer(text('We have three plans. '), text('The first one'), hang()));
      const call = await callIn(line.phoneNumber);
      simulated.sayAsCaller(call.callId, 'What plans do you have?');
      await call.until((c) => spoke(c, 'We have three plans.'));

      simulated.interrupt(call.callId, 'We have three');
      await fake.requests[0]!.closed;

      expect(fake.requests[0]!.closedByClient).toBe(true);
      const stored = await storedCall(call.callId);
      expect(stored.transcript.at(-1)).toMatchObject({ role: 'agent', content: 'We have three', interrupted: true });
      expect(stored.status).toBe('in-progress');
    });

    it('apologises when the model answers 500, keeps the call up and notes why on the turn', async () => {
      const line = await aHostedLine();
      fake.reply(failure(500));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Hello?');
      await call.until((c) => cycles(c) === 2);

      expect(call.utterances()[1]).toBe(APOLOGY);
      const stored = await storedCall(call.callId);
      expect(stored.status).toBe('in-progress');
      expect(stored.transcript.at(-1)).toMatchObject({ role: 'agent', content: APOLOGY, error: expect.stringContaining('HTTP 500') });
      expect(harness.logger.lines.some((l) => l.level === 'error' && l.fields.callId === call.callId && /HTTP 500/.test(String(l.fields.err)))).toBe(true);
    });

    it('apologises when the model sends a malformed chunk, keeps the call up and answers the next turn', async () => {
      const line = await aHostedLine();
      fake.reply(answer(raw('{"choices":[{"delta":{"content":{"text":"Hi"}}}]}')), answer(text('We are open until six.')));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Hello?');
      await call.until((c) => cycles(c) === 2);
      simulated.sayAsCaller(call.callId, 'When do you close?');
      await call.until((c) => cycles(c) === 3);

      expect(call.utterances().slice(1)).toEqual([APOLOGY, 'We are open until six.']);
      const stored = await storedCall(call.callId);
      expect(stored.status).toBe('in-progress');
      expect(stored.transcript.at(-3)).toMatchObject({ role: 'agent', content: APOLOGY, error: expect.stringContaining('choices.0.delta.content does not fit') });
    });

    it('apologises when the model does not answer in time, and lets go of the connection', async () => {
      const line = await aHostedLine();
      fake.reply(answer(hang()));
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Hello?');
      await call.until((c) => cycles(c) === 2);
      await fake.requests[0]!.closed;

      expect(call.utterances()[1]).toBe(APOLOGY);
      expect(fake.requests[0]!.closedByClient).toBe(true);
      expect((await storedCall(call.callId)).transcript.at(-1).error).toMatch(/sent nothing for 400 ms/);
    });
  });

  it('has the starter agent of sign-up answer out of the box once a model is configured', async () => {
    await start();
    const started = await harness.api('POST', '/v0/agent/sign-up', { human_email: 'starter@example.com' });
    const mail = harness.logger.lines.find((l) => (l.fields as { to?: string }).to === 'starter@example.com');
    const code = /\b\d{6}\b/.exec(String((mail?.fields as { text?: string })?.text))![0];
    const verified = await harness.api('POST', '/v0/agent/verify', { verification_id: started.body.verification_id, otp_code: code });
    fake.reply(answer(text('Hi! I am your starter agent.')));

    const call = await callIn(verified.body.phone_number);
    simulated.sayAsCaller(call.callId, 'Does this work?');
    await call.until((c) => cycles(c) === 2);

    expect(call.utterances().at(-1)).toBe('Hi! I am your starter agent.');
    expect(fake.requests).toHaveLength(1);
  });

  it('has a hosted agent apologise, in the configured words, when no model is configured', async () => {
    await start({ llm: null, hostedApology: 'Our assistant is offline; please call back later.' });
    const line = await aHostedLine();
    const call = await callIn(line.phoneNumber);

    simulated.sayAsCaller(call.callId, 'Hello?');
    await call.until((c) => cycles(c) === 2);

    expect(call.utterances()[1]).toBe('Our assistant is offline; please call back later.');
    const stored = await storedCall(call.callId);
    expect(stored.status).toBe('in-progress');
    expect(stored.transcript.at(-1).error).toMatch(/no language model is configured/);
    expect(fake.requests).toEqual([]);
  });
});
