import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { VoiceSessionEngine } from '../../../src/application/voice/voice-session-engine.js';
import { answer, FakeChatCompletions, text } from '../../support/fake-chat-completions.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

describe(VoiceSessionEngine.name, () => {
  let fake: FakeChatCompletions;
  let harness: VoiceHarness;
  let sut: SimulatedCalls;
  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
    harness = await aVoiceSwitchboard({
      twilio: false,
      telephony: new SimulatedTelephony(),
      config: { llm: { baseUrl: fake.url, apiKey: null, model: 'llama3.1' } },
    });
    sut = harness.sut.voice().simulated!;
    harness.hook.handler = (request, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(request.body?.channel === 'voice' ? `${JSON.stringify({ text: 'Webhook here.' })}\n` : '');
    };
  });
  afterEach(async () => {
    await harness.stop();
    await fake.stop();
  });

  const callIn = async (phoneNumber: string): Promise<SimulatedCall> => {
    const started = await sut.startInbound({ from: '+14155550123', to: phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  /** The caller speaks; resolves with the agent's answer to it. */
  const ask = async (call: SimulatedCall, words: string): Promise<string> => {
    const before = call.events.filter((e) => e.type === 'text' && e.last).length;
    sut.sayAsCaller(call.callId, words);
    await call.until((c) => c.events.filter((e) => e.type === 'text' && e.last).length === before + 1);
    return call.utterances().at(-1)!;
  };
  const patch = async (agentId: string, body: object) => {
    const patched = await harness.api('PATCH', `/v1/agents/${agentId}`, body);
    expect(patched.status).toBe(200);
    return patched.body;
  };

  it('switches webhook → hosted → webhook for the next call, never for a live one', async () => {
    const line = await harness.anAgentOnTheLine({ greeting: '' });
    fake.reply(answer(text('Model here.')), answer(text('Model here.')), answer(text('Model here.')));
    const first = await callIn(line.phoneNumber);
    expect(await ask(first, 'one')).toBe('Webhook here.');

    expect(await patch(line.agentId, { voiceMode: 'hosted', systemPrompt: 'You are Acme.' })).toMatchObject({ voiceMode: 'hosted' });
    const second = await callIn(line.phoneNumber);

    expect(await ask(first, 'two')).toBe('Webhook here.');
    expect(await ask(second, 'three')).toBe('Model here.');

    await patch(line.agentId, { voiceMode: 'webhook' });
    const third = await callIn(line.phoneNumber);

    expect(await ask(second, 'four')).toBe('Model here.');
    expect(await ask(third, 'five')).toBe('Webhook here.');
    const toWebhook = harness.hook.voiceTurns().map((r) => [r.body.data.callId, r.body.data.transcript]);
    expect(toWebhook).toEqual([
      [first.callId, 'one'],
      [first.callId, 'two'],
      [third.callId, 'five'],
    ]);
    expect(fake.requests.map((r) => r.body.messages.at(-1).content)).toEqual(['three', 'four']);
  });

  it('refuses hosted mode without a system prompt', async () => {
    const line = await harness.anAgentOnTheLine();

    const patched = await harness.api('PATCH', `/v1/agents/${line.agentId}`, { voiceMode: 'hosted' });

    expect(patched.status).toBe(422);
    expect((await harness.api('GET', `/v1/agents/${line.agentId}`)).body.voiceMode).toBe('webhook');
  });
});
