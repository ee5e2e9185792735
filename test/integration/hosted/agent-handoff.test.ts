import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { twimlElements } from '../../support/twiml.js';
import { aVoiceSwitchboard, RelayClient, type VoiceHarness } from '../voice/voice-harness.js';

const BILLING = { name: 'Billing', voiceMode: 'hosted', systemPrompt: 'You are the billing desk of Acme.', greeting: 'Billing desk, how can I help?', voice: 'Google.en-US-Journey-D' };
const SUMMARY = 'Wants a refund for order 42.';

describe('a handoff from one agent to another in a call', () => {
  let harness: VoiceHarness;
  afterEach(async () => {
    await harness?.stop();
  });

  const start = async (model: ScriptedLanguageModel) => {
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), languageModel: model });
  };
  const callIn = async (phoneNumber: string): Promise<SimulatedCall> => {
    const started = await harness.sut.voice().simulated!.startInbound({ from: '+14155550123', to: phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  const say = (call: SimulatedCall, words: string) => harness.sut.voice().simulated!.sayAsCaller(call.callId, words);
  const billingAgent = async () => {
    const created = await harness.api('POST', '/v1/agents', BILLING);
    await harness.api('POST', `/v1/agents/${created.body.id}/webhook`, { url: harness.hook.url });
    return created.body.id as string;
  };
  const expectHandedOver = async (call: SimulatedCall, front: string, billing: string) => {
    await harness.sut.voice().engine.settle('none');
    const read = await harness.api('GET', `/v1/calls/${call.callId}`);
    const event = await harness.hook.next((r) => r.body?.event === 'agent.handoff');
    expect(call.events).toContainEqual({ type: 'voice', voice: BILLING.voice, language: 'en-US' });
    expect(call.utterances().join(' ')).toContain('Billing desk, how can I help?');
    expect(read.body.agentId).toBe(billing);
    expect(read.body.agents).toEqual([
      { agentId: front, since: read.body.startedAt, summary: null },
      { agentId: billing, since: expect.any(String), summary: SUMMARY },
    ]);
    expect(event.body).toMatchObject({ event: 'agent.handoff', agentId: billing, data: { callId: call.callId, fromAgentId: front, toAgentId: billing, summary: SUMMARY, handoffCount: 1 } });
  };

  it('a hosted agent hands over with its handoff tool; the next one answers with its own prompt, voice and the summary', async () => {
    const systems: string[] = [];
    const offered: string[][] = [];
    const model = new ScriptedLanguageModel([
      (request) => {
        offered.push(request.tools.map((t) => t.name));
        return { text: 'Let me get billing for you.', toolCalls: [{ name: 'handoff_to_billing', arguments: { summary: SUMMARY } }] };
      },
      (request) => {
        systems.push(String(request.messages[0]?.content));
        return 'Your refund for order 42 is on its way.';
      },
    ]);
    await start(model);
    const billing = await billingAgent();
    const front = await harness.anAgentOnTheLine({
      name: 'Front desk', voiceMode: 'hosted', systemPrompt: 'You are the front desk of Acme.',
      handoffs: [{ agentId: billing, description: 'The caller asks about a bill or a refund.' }],
    });

    const call = await callIn(front.phoneNumber);
    say(call, 'I want a refund.');
    await call.until((c) => c.utterances().join(' ').includes('Billing desk'));
    say(call, 'It is order 42.');
    await call.until((c) => c.utterances().join(' ').includes('on its way'));

    expect(offered[0]).toContain('handoff_to_billing');
    expect(systems[0]).toContain('You are the billing desk of Acme.');
    expect(systems[0]).not.toContain('front desk');
    expect(systems[0]).toContain(SUMMARY);
    await expectHandedOver(call, front.agentId, billing);
  });

  it('a webhook agent hands over with {"action":"handoff"}; the hosted agent it names takes the call', async () => {
    const model = new ScriptedLanguageModel([(request) => (String(request.messages[0]?.content).includes('billing desk') ? 'Your refund for order 42 is on its way.' : 'Wrong agent.')]);
    await start(model);
    const billing = await billingAgent();
    const front = await harness.anAgentOnTheLine({ name: 'Front desk', handoffs: [{ agentId: billing, description: 'Bills and refunds.' }] });
    harness.hook.handler = (request, res) => {
      if (request.body?.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ text: 'One moment.' }, { action: 'handoff', agentId: billing, summary: SUMMARY }]));
    };

    const call = await callIn(front.phoneNumber);
    say(call, 'I want a refund.');
    await call.until((c) => c.utterances().join(' ').includes('Billing desk'));
    say(call, 'It is order 42.');
    await call.until((c) => c.utterances().join(' ').includes('on its way'));

    await expectHandedOver(call, front.agentId, billing);
  });

  it('refuses a handoff to an agent the agent does not list, and the call stays with it', async () => {
    const model = new ScriptedLanguageModel([]);
    await start(model);
    const billing = await billingAgent();
    const front = await harness.anAgentOnTheLine({ name: 'Front desk' });
    let turns = 0;
    harness.hook.handler = (request, res) => {
      if (request.body?.event !== 'agent.message') return void res.writeHead(200).end();
      turns++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(turns === 1 ? { action: 'handoff', agentId: billing } : { text: 'Still the front desk.' }));
    };

    const call = await callIn(front.phoneNumber);
    say(call, 'Billing please.');
    await harness.hook.next((r) => r.body?.event === 'agent.message');
    await harness.sut.voice().engine.stored();
    say(call, 'Hello?');
    await call.until((c) => c.utterances().join(' ').includes('Still the front desk.'));
    await harness.sut.voice().engine.settle('none');
    const read = await harness.api('GET', `/v1/calls/${call.callId}`);

    expect(read.body.agentId).toBe(front.agentId);
    expect(read.body.agents).toEqual([{ agentId: front.agentId, since: read.body.startedAt, summary: null }]);
    expect(harness.hook.requests.some((r) => r.body?.event === 'agent.handoff')).toBe(false);
  });
});

describe('a handoff on Twilio’s ConversationRelay', () => {
  let harness: VoiceHarness;
  afterEach(async () => {
    await harness?.stop();
  });

  it('declares the targets’ voices at answer, the agent’s own first, and switches the relay to the new agent’s voice on a handoff', async () => {
    const model = new ScriptedLanguageModel(['Su reembolso está en camino.']);
    harness = await aVoiceSwitchboard({ languageModel: model });
    const spanish = await harness.api('POST', '/v1/agents', { ...BILLING, name: 'Facturación', voice: 'Google.es-ES-Neural2-A', language: 'es-ES', greeting: 'Facturación, dígame.' });
    const sameVoice = await harness.api('POST', '/v1/agents', { name: 'Front twin', voice: 'Google.en-US-Journey-O' });
    const front = await harness.anAgentOnTheLine({
      name: 'Front desk',
      voice: 'Google.en-US-Journey-O',
      handoffs: [
        { agentId: spanish.body.id, description: 'Callers who speak Spanish.' },
        { agentId: sameVoice.body.id, description: 'Anything else.' },
      ],
    });
    harness.hook.handler = (request, res) => {
      if (request.body?.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ text: 'Un momento.' }, { action: 'handoff', agentId: spanish.body.id, summary: SUMMARY }]));
    };

    const inbound = await harness.inboundCall(front.phoneNumber);
    expect(twimlElements(inbound.twiml, 'Language').map((l) => l.attributes)).toEqual([
      { code: 'en-US', ttsProvider: 'Google', voice: 'en-US-Journey-O' },
      { code: 'es-ES', ttsProvider: 'Google', voice: 'es-ES-Neural2-A' },
    ]);
    const relay = await RelayClient.open(inbound.relayUrl!);
    relay.setup(inbound.callSid);
    relay.prompt('Quiero un reembolso.');
    await relay.until((frames) => frames.some((f) => f.token === 'Facturación, dígame.'));

    const switched = relay.frames.findIndex((f) => f.type === 'language');
    expect(relay.frames[switched]).toEqual({ type: 'language', ttsLanguage: 'es-ES', transcriptionLanguage: 'es-ES' });
    expect(switched).toBeLessThan(relay.frames.findIndex((f) => f.token === 'Facturación, dígame.'));
    relay.prompt('Es el pedido 42.', 'es-ES');
    await relay.until((frames) => frames.map((f) => f.token ?? '').join('').includes('en camino'));
    relay.close();
  });
});
