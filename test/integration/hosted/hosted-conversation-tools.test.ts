import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { answer, FakeChatCompletions, lastToolResult, text, toolCall, type ChatCompletionRequest } from '../../support/fake-chat-completions.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const PROMPT = 'You are the front desk of Acme Dental.';
const CALLER = '+14155550123';
const SPANISH = { code: 'es-ES', voice: 'Google.es-ES-Neural2-A' };

const offered = (request: ChatCompletionRequest): string[] => request.body.tools.map((t: { function: { name: string } }) => t.function.name);

describe('hosted agents: model tiers, send_text and switch_language', () => {
  let fake: FakeChatCompletions;
  let harness: VoiceHarness;
  let simulated: SimulatedCalls;
  let telephony: SimulatedTelephony;

  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
    telephony = new SimulatedTelephony();
    harness = await aVoiceSwitchboard({
      twilio: false,
      telephony,
      config: { llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'default-model', timeoutMs: 2000, tierModels: { turbo: 'small-fast-model' } } },
    });
    simulated = harness.sut.voice().simulated!;
  });
  afterEach(async () => {
    await harness?.stop();
    await fake.stop();
  });

  const callIn = async (phoneNumber: string): Promise<SimulatedCall> => {
    const started = await simulated.startInbound({ from: CALLER, to: phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  const cycles = (call: SimulatedCall) => call.events.filter((e) => e.type === 'text' && e.last).length;
  const transcriptOf = async (callId: string) => {
    await harness.sut.voice().engine.settle('none');
    return (await harness.api('GET', `/v1/calls/${callId}/transcript`)).body.transcript as { role: string; content: string; tool?: Record<string, unknown> }[];
  };

  it.each([
    ['turbo', 'small-fast-model', []],
    ['balanced', 'default-model', []],
    ['max', 'default-model', ['modelTier']],
  ] as const)('a %s agent asks for %s, its read saying when the tier has no model of its own', async (modelTier, model, unsupported) => {
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, modelTier });
    expect((await harness.api('GET', `/v1/agents/${line.agentId}`)).body).toMatchObject({ modelTier, unsupported });
    fake.reply(answer(text('Hello!')));
    const call = await callIn(line.phoneNumber);

    simulated.sayAsCaller(call.callId, 'Hi there.');
    await call.until((c) => cycles(c) === 2);

    expect(fake.requests[0]!.body.model).toBe(model);
  });

  it('texts the caller from the call’s number with send_text: the text is on the conversation, the tool on the transcript', async () => {
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, enableMessaging: true });
    fake.reply(answer(toolCall('send_text', { body: 'Your appointment: Tuesday 3pm, 12 Main St.' })), (request) =>
      answer(text(lastToolResult(request).startsWith('Sent') ? 'I have texted you the details.' : 'Unexpected.')),
    );
    const call = await callIn(line.phoneNumber);

    simulated.sayAsCaller(call.callId, 'Can you text me the address?');
    await call.until((c) => cycles(c) === 2);

    expect(offered(fake.requests[0]!)).toContain('send_text');
    expect(call.utterances()[1]).toBe('I have texted you the details.');
    expect(telephony.outbox).toEqual([expect.objectContaining({ from: line.phoneNumber, to: CALLER, body: 'Your appointment: Tuesday 3pm, 12 Main St.' })]);
    const conversations = (await harness.api('GET', '/v1/conversations')).body.data as { id: string; participant: string }[];
    const thread = conversations.find((c) => c.participant === CALLER)!;
    const messages = (await harness.api('GET', `/v1/conversations/${thread.id}/messages`)).body.data as { direction: string; body: string }[];
    expect(messages).toEqual([expect.objectContaining({ direction: 'outbound', body: 'Your appointment: Tuesday 3pm, 12 Main St.' })]);
    const transcript = await transcriptOf(call.callId);
    expect(transcript.map((t) => t.role)).toEqual(['agent', 'user', 'tool_call', 'tool_result', 'agent']);
    expect(transcript[2]!.tool).toMatchObject({ name: 'send_text', arguments: { body: 'Your appointment: Tuesday 3pm, 12 Main St.' } });
    expect(transcript[3]!.tool).toMatchObject({ name: 'send_text', outcome: 'ok' });
  });

  it('sends no text to a suppressed caller and tells the model so; an agent without enableMessaging has no send_text', async () => {
    expect((await harness.api('POST', '/v1/suppressions', { phoneNumber: CALLER, reason: 'asked by phone' })).status).toBe(201);
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, enableMessaging: true });
    fake.reply(answer(toolCall('send_text', { body: 'Hello' })), (request) =>
      answer(text(lastToolResult(request).startsWith('Not sent') ? 'I could not text you.' : 'Unexpected.')),
    );
    const call = await callIn(line.phoneNumber);
    simulated.sayAsCaller(call.callId, 'Text me.');
    await call.until((c) => cycles(c) === 2);

    expect(call.utterances()[1]).toBe('I could not text you.');
    expect(telephony.outbox).toEqual([]);
    expect((await transcriptOf(call.callId)).find((t) => t.role === 'tool_result')?.tool).toMatchObject({ outcome: 'error' });

    const quiet = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT });
    fake.reply(answer(text('Hello!')));
    const other = await callIn(quiet.phoneNumber);
    simulated.sayAsCaller(other.callId, 'Hi.');
    await other.until((c) => cycles(c) === 2);
    expect(offered(fake.requests.at(-1)!)).not.toContain('send_text');
  });

  it('switches the call’s language with switch_language, sending the relay’s language message, and refuses an undeclared one', async () => {
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, languages: [SPANISH] });
    fake.reply(
      answer(toolCall('switch_language', { language: 'es-ES' })),
      (request) => answer(text(lastToolResult(request).startsWith('Switched') ? 'Claro, hablemos en español.' : 'Unexpected.')),
      answer(toolCall('switch_language', { language: 'de-DE' })),
      (request) => answer(text(lastToolResult(request).includes('en-US, es-ES') ? 'Lo siento, solo inglés o español.' : 'Unexpected.')),
    );
    const call = await callIn(line.phoneNumber);

    simulated.sayAsCaller(call.callId, '¿Habla español?');
    await call.until((c) => cycles(c) === 2);
    simulated.sayAsCaller(call.callId, 'Sprechen Sie Deutsch?');
    await call.until((c) => cycles(c) === 3);

    const tool = fake.requests[0]!.body.tools.find((t: { function: { name: string } }) => t.function.name === 'switch_language');
    expect(tool.function.parameters.properties.language.enum).toEqual(['en-US', 'es-ES']);
    expect(call.events.filter((e) => e.type === 'language')).toEqual([{ type: 'language', ttsLanguage: 'es-ES', transcriptionLanguage: 'es-ES' }]);
    expect(call.utterances().slice(1)).toEqual(['Claro, hablemos en español.', 'Lo siento, solo inglés o español.']);
  });

  it('offers no switch_language to an agent of one language', async () => {
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT });
    fake.reply(answer(text('Hello!')));
    const call = await callIn(line.phoneNumber);
    simulated.sayAsCaller(call.callId, 'Hi.');
    await call.until((c) => cycles(c) === 2);
    expect(offered(fake.requests[0]!)).not.toContain('switch_language');
  });
});
