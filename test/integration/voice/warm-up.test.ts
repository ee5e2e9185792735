import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { answer, FakeChatCompletions, text } from '../../support/fake-chat-completions.js';
import { aVoiceSwitchboard, RelayClient, type VoiceHarness } from './voice-harness.js';

describe('warming up while an inbound call rings', () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard();
  });
  afterEach(async () => {
    await sut.stop();
  });

  it("opens a connection to the agent's webhook on the voice webhook, and the first turn is sent on it", async () => {
    const line = await sut.anAgentOnTheLine();
    sut.hook.handler = (request, res) => {
      if (request.body?.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(`${JSON.stringify({ text: 'Hello.' })}\n`);
    };

    const call = await sut.inboundCall(line.phoneNumber);
    // The call's start is delivered on a connection of its own (the dispatcher's pool); once it
    // has come, a connection that carried nothing is the one opened ahead.
    await sut.hook.next((r) => r.body?.event === 'agent.call_started');
    const warm = await eventually(() => sut.hook.connections.find((port) => !sut.hook.requests.some((r) => r.remotePort === port)), {
      what: 'a connection opened before any turn',
    });

    const relay = await RelayClient.open(call.relayUrl!);
    relay.setup(call.callSid);
    relay.prompt('hello');
    const turn = await sut.hook.next((r) => r.body?.event === 'agent.message');

    expect(turn.remotePort).toBe(warm);
    await relay.until((frames) => frames.some((f) => f.type === 'text' && f.token === 'Hello.'));
    relay.close();
  });

  it("opens a connection to the hosted agent's model server on the voice webhook, and the first answer is asked on it", async () => {
    const model = await FakeChatCompletions.start();
    const hosted = await aVoiceSwitchboard({ config: { llm: { baseUrl: model.url, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000 } } });
    try {
      const line = await hosted.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are Acme.' });
      model.reply(answer(text('Hello.')));

      const call = await hosted.inboundCall(line.phoneNumber);
      const warm = await eventually(() => model.connections[0], { what: 'a connection to the model before any answer' });
      expect(model.requests).toEqual([]);

      const relay = await RelayClient.open(call.relayUrl!);
      relay.setup(call.callSid);
      relay.prompt('hello');
      const asked = await model.received(1);

      expect(asked.clientPort).toBe(warm);
      expect(model.connections).toHaveLength(1);
      relay.close();
    } finally {
      await hosted.stop();
      await model.stop();
    }
  });
});
