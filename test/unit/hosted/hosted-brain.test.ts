import { describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import type { AgentAction, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import { HostedBrain } from '../../../src/application/hosted/hosted-brain.js';
import type { Call, TranscriptTurn } from '../../../src/domain/call.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { aCall, anAgent, aTurn } from '../../support/builders.js';

const CALL = aCall({ voiceMode: 'hosted' });
const AGENT = anAgent({ name: 'Front desk', voiceMode: 'hosted', systemPrompt: 'You are the front desk.', greeting: 'Hello!' });

const aBrainTurn = (call: Call, utterance: string, history: readonly TranscriptTurn[] = [], overrides: Partial<BrainTurn> = {}): BrainTurn => ({
  call,
  agent: AGENT,
  webhook: null,
  utterance,
  confidence: null,
  dtmf: null,
  history,
  timing: { receivedAt: 0, requestedAt: null, firstChunkAt: null, firstSpokenAt: null },
  turnSequence: history.length + 1,
  ...overrides,
});

const actions = async (sut: HostedBrain, turn: BrainTurn, signal = new AbortController().signal) => {
  const out: AgentAction[] = [];
  await sut.answer(turn, signal, (action) => out.push(action) > 0);
  return out;
};

/** The words of the say actions, joined as the session joins verbatim pieces. */
const spoken = (out: readonly AgentAction[]) => out.map((a) => (a.kind === 'say' ? a.text : '')).join('');

describe(HostedBrain.name, () => {
  const brainOn = (model: ScriptedLanguageModel | null) => new HostedBrain({ model, apology: 'Sorry!', logger: silentLogger(), now: () => 1 });

  it('speaks the model’s words as they come, joined as given and trimmed', async () => {
    const sut = brainOn(new ScriptedLanguageModel(['  Sure thing. It costs 3.50 a month! ']));

    const out = await actions(sut, aBrainTurn(CALL, 'How much?'));

    expect(out.every((a) => a.kind === 'say' && a.verbatim === true && !a.interim)).toBe(true);
    expect(out.map((a) => (a.kind === 'say' ? a.text : '')).join('')).toBe('Sure thing. It costs 3.50 a month!');
  });

  it('puts the call’s own goal first, on top of the agent’s prompt', async () => {
    const model = new ScriptedLanguageModel(['Hi.']);
    const sut = brainOn(model);

    await actions(sut, aBrainTurn({ ...CALL, systemPrompt: 'Sell the premium plan.' }, 'Hi'));

    expect(model.requests[0]!.messages[0]!.content).toMatch(/^Sell the premium plan\.\n\nYou are the front desk\./);
  });

  it('refuses digits on an inbound call, malformed digits and unknown tools, and asks the model again', async () => {
    const model = new ScriptedLanguageModel([{ toolCalls: [{ name: 'press_digits', arguments: { digits: '1' } }, { name: 'book_table' }] }, 'How can I help?']);
    const sut = brainOn(model);

    const out = await actions(sut, aBrainTurn(CALL, 'Press one'));

    expect(spoken(out)).toBe('How can I help?');
    const results = model.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results).toEqual([expect.stringMatching(/^Refused: there is no tool named press_digits/), expect.stringMatching(/^Refused: there is no tool named book_table/)]);
  });

  it('asks again with the conversation as first sent, then its words and tool calls and their results', async () => {
    const model = new ScriptedLanguageModel([{ text: 'One moment.', toolCalls: [{ name: 'book_table' }] }, 'Done.']);
    const sut = brainOn(model);
    const history = [aTurn(CALL.id, 1, { content: 'Hello!' }), aTurn(CALL.id, 2, { content: 'Hi, a table please.' }), aTurn(CALL.id, 3, { content: 'For how many?' })];

    await actions(sut, aBrainTurn(CALL, 'Four.', history));

    const [first, second] = model.requests;
    const toolCallId = (second!.messages.at(-2) as { toolCalls: readonly { id: string }[] }).toolCalls[0]!.id;
    expect(second!.messages).toEqual([
      ...first!.messages,
      { role: 'assistant', content: 'One moment.', toolCalls: [expect.objectContaining({ name: 'book_table' })] },
      { role: 'tool', toolCallId, content: expect.stringMatching(/^Refused: there is no tool named book_table/) },
    ]);
    expect(first!.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'assistant', 'user']);
    expect(second!.tools).toEqual(first!.tools);
  });

  it('sends every turn of a call the same system message and tools', async () => {
    const model = new ScriptedLanguageModel(['Sure.', 'Bye.']);
    const sut = brainOn(model);

    await actions(sut, aBrainTurn(CALL, 'Hi'));
    await actions(sut, aBrainTurn(CALL, 'Thanks', [aTurn(CALL.id, 1, { role: 'user', content: 'Hi' }), aTurn(CALL.id, 2, { role: 'agent', content: 'Sure.' })]));
    await actions(sut, aBrainTurn(CALL, 'Hello', [], { agent: { ...AGENT, systemPrompt: 'You are the night desk.' } }));

    const [first, second, otherAgent] = model.requests;
    expect(second!.messages[0]).toEqual(first!.messages[0]);
    expect(second!.tools).toEqual(first!.tools);
    expect(otherAgent!.messages[0]!.content).toMatch(/^You are the night desk\./);
  });

  it('presses valid digits on an outbound call and refuses malformed ones', async () => {
    const model = new ScriptedLanguageModel([{ toolCalls: [{ name: 'press_digits', arguments: { digits: 12 } }, { name: 'press_digits', arguments: { digits: 'one' } }] }, '']);
    const sut = brainOn(model);

    const out = await actions(sut, aBrainTurn({ ...CALL, direction: 'outbound' }, 'Enter your account number'));

    expect(out).toEqual([{ kind: 'digits', digits: '12' }]);
    expect(model.requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Refused: digits must be/) });
  });

  it('stops after three rounds of refusals', async () => {
    const refused = { toolCalls: [{ name: 'transfer_call' }] };
    const model = new ScriptedLanguageModel([refused, refused, refused, 'never asked']);
    const sut = brainOn(model);

    expect(await actions(sut, aBrainTurn(CALL, 'Transfer me'))).toEqual([]);
    expect(model.requests).toHaveLength(3);
  });

  it('apologises with the reason when the model fails or is missing', async () => {
    expect(await actions(brainOn(new ScriptedLanguageModel([{ fail: 'HTTP 503' }])), aBrainTurn(CALL, 'Hi'))).toEqual([
      { kind: 'say', text: 'Sorry!', interim: false, verbatim: true, error: 'language model: HTTP 503' },
      { kind: 'unanswered', reason: { kind: 'model_failed', error: 'HTTP 503' } },
    ]);
    expect(await actions(brainOn(null), aBrainTurn(CALL, 'Hi'))).toEqual([
      { kind: 'say', text: 'Sorry!', interim: false, error: expect.stringContaining('no language model is configured') },
      { kind: 'unanswered', reason: { kind: 'no_model' } },
    ]);
  });

  it('says nothing once the caller barged in', async () => {
    const controller = new AbortController();
    controller.abort('barge-in');
    const sut = brainOn(new ScriptedLanguageModel(['Hello there. How are you?']));

    expect(await actions(sut, aBrainTurn(CALL, 'Hi'), controller.signal)).toEqual([]);
  });

  it('transfers once when asked twice, to the agent’s transfer number', async () => {
    const sut = brainOn(new ScriptedLanguageModel([{ text: 'One moment.', toolCalls: [{ name: 'transfer_call' }, { name: 'end_call' }] }]));
    const turn = aBrainTurn(CALL, 'A human please', [], { agent: { ...AGENT, transferNumber: trustE164('+13125550188') } });

    const out = await actions(sut, turn);

    expect(spoken(out)).toBe('One moment.');
    expect(out.filter((a) => a.kind !== 'say')).toEqual([{ kind: 'transfer' }]);
  });

  it('keeps an opt-out and has the model confirm it when it called opt_out alone', async () => {
    const model = new ScriptedLanguageModel([{ toolCalls: [{ name: 'opt_out', arguments: { reason: 'do not call me again' } }] }, 'You will not be called again. Goodbye.']);
    const sut = brainOn(model);

    const out = await actions(sut, aBrainTurn(CALL, 'Please do not call me again'));

    expect(out.filter((a) => a.kind !== 'say')).toEqual([{ kind: 'opt_out', reason: 'do not call me again' }]);
    expect(spoken(out)).toBe('You will not be called again. Goodbye.');
    expect(model.requests[0]!.tools.map((t) => t.name)).toContain('opt_out');
  });

  it('opts out before hanging up when the model does both at once', async () => {
    const sut = brainOn(new ScriptedLanguageModel([{ text: 'Understood. Goodbye.', toolCalls: [{ name: 'end_call' }, { name: 'opt_out' }] }]));

    const out = await actions(sut, aBrainTurn(CALL, 'Stop calling me'));

    expect(out.filter((a) => a.kind !== 'say')).toEqual([{ kind: 'opt_out' }, { kind: 'hangup' }]);
  });
});
