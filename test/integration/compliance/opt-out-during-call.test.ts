import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { LanguageModel } from '../../../src/application/ports/language-model.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const CALLER = '+14155550123';
const WORDS = 'Please don’t call me again.';

/**
 * A caller who asks not to be called again, on a live call: the call is marked, their number
 * goes on the suppression list (source and words kept), the webhook hears
 * `agent.contact_opted_out`, and calling them is refused from then on. Inbound calls still ring.
 */
describe('an opt-out during a call', () => {
  let harness: VoiceHarness;
  afterEach(async () => {
    await harness?.stop();
  });

  const start = async (languageModel?: LanguageModel) => {
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), ...(languageModel ? { languageModel } : {}) });
    return harness.sut.voice().simulated!;
  };

  /** The webhook answers every voice turn with these NDJSON lines. */
  const answerTurnsWith = (lines: readonly unknown[]) => {
    harness.hook.handler = (request, res) => {
      if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    };
  };

  /** A call from the caller who says `WORDS` and waits for the call's end. */
  const callAndAsk = async (simulated: Awaited<ReturnType<typeof start>>, to: string) => {
    const started = await simulated.startInbound({ from: CALLER, to });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    simulated.sayAsCaller(started.right.callId, WORDS);
    await started.right.until((c) => c.endedBy === 'hangup');
    await started.right.finished;
    return started.right;
  };

  const expectOptedOut = async (callId: string, agentId: string, source: 'agent_tool' | 'webhook_answer', reason: string) => {
    const event = await harness.hook.next((r) => r.body?.event === 'agent.contact_opted_out');
    expect(event.body).toMatchObject({
      channel: 'voice',
      agentId,
      data: { callId, from: CALLER, direction: 'inbound', phoneNumber: CALLER, suppressedFor: 'voice', source, reason },
    });
    const call = await harness.api('GET', `/v1/calls/${callId}`);
    expect(call.body).toMatchObject({ optOut: true, disconnectionReason: 'agent_hangup' });
    const list = await harness.api('GET', '/v1/suppressions');
    expect(list.body.data).toEqual([expect.objectContaining({ phoneNumber: CALLER, channel: 'voice', source, reason })]);
    const callBack = await harness.api('POST', '/v1/calls', { agentId, toNumber: CALLER });
    expect(callBack).toMatchObject({ status: 409, body: { error: { code: 'CONTACT_SUPPRESSED' } } });
  };

  it('has a hosted agent’s opt_out tool put the caller on the suppression list, with their words', async () => {
    const model = new ScriptedLanguageModel([{ text: 'Understood, you will not be called again. Goodbye.', toolCalls: [{ name: 'opt_out' }, { name: 'end_call' }] }]);
    const simulated = await start(model);
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are Acme support.' });

    const call = await callAndAsk(simulated, line.phoneNumber);

    expect(call.utterances()).toEqual(['Hi, this is Acme.', 'Understood, you will not be called again. Goodbye.']);
    await expectOptedOut(call.callId, line.agentId, 'agent_tool', WORDS);
    const console = await fetch(`${harness.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.sut.adminToken()}` },
      body: JSON.stringify({ query: 'query ($id: ID!) { call(id: $id) { optOut } }', variables: { id: call.callId } }),
    });
    expect(await console.json()).toEqual({ data: { call: { optOut: true } } });

    // Inbound contact is never blocked: the person may still call.
    const again = await simulated.startInbound({ from: CALLER, to: line.phoneNumber });
    expect(E.isRight(again)).toBe(true);
  });

  it('has a webhook’s {"action":"opt_out"} do the same, with the reason it gives', async () => {
    const simulated = await start();
    const line = await harness.anAgentOnTheLine();
    answerTurnsWith([{ text: 'Sorry to have bothered you. Goodbye.', action: 'opt_out', reason: 'asked not to be called' }, { action: 'hangup' }]);

    const call = await callAndAsk(simulated, line.phoneNumber);

    await expectOptedOut(call.callId, line.agentId, 'webhook_answer', 'asked not to be called');
  });

  it('tells the webhook once when the agent opts out twice on one call', async () => {
    const simulated = await start();
    const line = await harness.anAgentOnTheLine();
    answerTurnsWith([[{ action: 'opt_out' }, { action: 'opt_out' }, { text: 'Goodbye.', hangup: true }]]);

    const call = await callAndAsk(simulated, line.phoneNumber);

    await expectOptedOut(call.callId, line.agentId, 'webhook_answer', WORDS);
    await harness.hook.next((r) => r.body?.event === 'agent.call_ended');
    expect(harness.hook.requests.filter((r) => r.body?.event === 'agent.contact_opted_out')).toHaveLength(1);
  });
});
