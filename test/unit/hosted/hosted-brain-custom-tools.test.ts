import { describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import type { ToolRequest, ToolResponse, ToolTransport } from '../../../src/application/ports/tool-transport.js';
import type { AgentAction, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import { CustomToolRunner } from '../../../src/application/hosted/custom-tool-runner.js';
import { HostedBrain } from '../../../src/application/hosted/hosted-brain.js';
import type { CustomTool } from '../../../src/domain/custom-tool.js';
import { aCall, anAgent, aTurn } from '../../support/builders.js';

const TOOL: CustomTool = {
  name: 'lookup_order',
  description: 'Looks up an order.',
  url: 'https://api.example.com/orders',
  method: 'POST',
  headers: {},
  parameters: { type: 'object', properties: {} },
  timeoutMs: 1000,
  speakDuringExecution: true,
  executionMessage: 'One moment.',
};
const AGENT = anAgent({ voiceMode: 'hosted', systemPrompt: 'You track orders.', customTools: [TOOL] });

/** A transport that records what would be sent and answers at once. */
class RecordingTransport implements ToolTransport {
  readonly sent: ToolRequest[] = [];
  async send(request: ToolRequest): Promise<ToolResponse> {
    this.sent.push(request);
    return { outcome: 'ok', httpStatus: 200, body: '{"status":"shipped"}', errorMessage: null, durationMs: 1 };
  }
}

const brainTurn = (call: ReturnType<typeof aCall>, utterance: string, turnSequence: number, history: BrainTurn['history'] = []): BrainTurn => ({
  call,
  agent: AGENT,
  webhook: null,
  utterance,
  confidence: null,
  dtmf: null,
  history,
  timing: { receivedAt: 0, requestedAt: null, firstChunkAt: null, firstSpokenAt: null },
  turnSequence,
});

describe('HostedBrain with custom tools', () => {
  it('sends nothing for a tool call the caller cut off before the session took it, and tells the model on the next turn', async () => {
    const transport = new RecordingTransport();
    const model = new ScriptedLanguageModel([{ toolCalls: [{ name: 'lookup_order', arguments: {} }] }, 'What can I do for you?']);
    const sut = new HostedBrain({ model, apology: 'Sorry!', logger: silentLogger(), now: () => 1, tools: new CustomToolRunner({ transport, targets: { refusalOf: () => null }, logger: silentLogger() }) });
    const call = aCall({ voiceMode: 'hosted' });

    // The session drops the tool action (the caller barged in) and closes the answer.
    const offered: AgentAction[] = [];
    await sut.answer(brainTurn(call, 'Where is my order?', 1), new AbortController().signal, (action) => offered.push(action) > 0 && action.kind !== 'tool');
    expect(offered).toEqual([expect.objectContaining({ kind: 'tool', name: 'lookup_order' })]);

    const next: string[] = [];
    await sut.answer(brainTurn(call, 'Hello?', 2, [aTurn(call.id, 1, { role: 'user', content: 'Where is my order?' })]), new AbortController().signal, (action) => {
      if (action.kind === 'say') next.push(action.text);
      return true;
    });

    expect(transport.sent).toEqual([]);
    expect(next.join('')).toBe('What can I do for you?');
    expect(model.requests[1]!.messages.filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', toolCallId: 'call_scripted_1', content: 'Not sent: the caller spoke before this tool was called.' },
    ]);
  });

  it('speaks the execution message after sending, then the answer built on the result', async () => {
    const transport = new RecordingTransport();
    const model = new ScriptedLanguageModel([{ toolCalls: [{ name: 'lookup_order', arguments: { orderId: '1' } }] }, (request) => `It is ${JSON.parse(String(request.messages.at(-1)!.content)).status}.`]);
    const sut = new HostedBrain({ model, apology: 'Sorry!', logger: silentLogger(), now: () => 1, tools: new CustomToolRunner({ transport, targets: { refusalOf: () => null }, logger: silentLogger() }) });

    const kinds: string[] = [];
    const said: string[] = [];
    await sut.answer(brainTurn(aCall({ voiceMode: 'hosted' }), 'Order 1?', 1), new AbortController().signal, (action) => {
      kinds.push(action.kind);
      if (action.kind === 'say') said.push(action.text);
      return true;
    });

    // The answer's first word goes out alone, the rest as it comes: pieces, not their count, are the point.
    expect(kinds[0]).toBe('tool');
    expect(new Set(kinds.slice(1))).toEqual(new Set(['say']));
    expect(said[0]).toBe('One moment.');
    expect(said.join('')).toBe('One moment. It is shipped.');
    expect(transport.sent.map((r) => JSON.parse(r.body!))).toEqual([{ orderId: '1' }]);
  });
});
