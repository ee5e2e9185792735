import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { ChatRequest } from '../../../src/application/ports/language-model.js';
import { McpToolServer } from '../../support/mcp-tool-server.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const lastToolResult = (request: ChatRequest): string => {
  const message = [...request.messages].reverse().find((m) => m.role === 'tool');
  return message?.role === 'tool' ? message.content : '';
};

describe('a hosted agent with an MCP server', () => {
  let harness: VoiceHarness;
  let crm: McpToolServer | undefined;
  afterEach(async () => {
    await harness?.stop();
    await crm?.stop();
  });

  const callAndSay = async (line: string, words: string, until: string) => {
    const simulated = harness.sut.voice().simulated!;
    const started = await simulated.startInbound({ from: '+14155550123', to: line });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    simulated.sayAsCaller(started.right.callId, words);
    await started.right.until((c) => c.utterances().join(' ').includes(until));
    await harness.sut.voice().engine.settle('none');
    return started.right;
  };

  it('offers the allowed tools of the server, calls one, and answers from its result', async () => {
    crm = await McpToolServer.start();
    const offered: string[][] = [];
    const model = new ScriptedLanguageModel([
      (request) => {
        offered.push(request.tools.map((t) => t.name));
        return { toolCalls: [{ name: 'mcp__crm__find_customer', arguments: { phone: '+14155550123' } }] };
      },
      (request) => (/order 42 shipped (\w+)/.exec(lastToolResult(request)) ? `Your order ships ${/shipped (\w+)/.exec(lastToolResult(request))![1]}.` : 'I could not find you.'),
    ]);
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), languageModel: model });
    const server = { name: 'crm', url: crm.url, headers: { Authorization: 'Bearer crm-key' }, allowedTools: ['find_customer'] };
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are the shop.', mcpServers: [server] });

    const call = await callAndSay(line.phoneNumber, 'Where is my order?', 'Your order ships');
    const read = await harness.api('GET', `/v1/calls/${call.callId}`);

    expect(offered[0]).toContain('mcp__crm__find_customer');
    expect(offered[0]).not.toContain('mcp__crm__delete_customer');
    expect(call.utterances().join(' ')).toContain('Your order ships Friday.');
    expect(crm.calls).toEqual([{ tool: 'find_customer', args: { phone: '+14155550123' }, authorization: 'Bearer crm-key' }]);
    const turns = read.body.transcript as { role: string; content: string; tool?: Record<string, unknown> }[];
    expect(turns.find((t) => t.role === 'tool_call')).toMatchObject({ tool: { name: 'mcp__crm__find_customer', arguments: { phone: '+14155550123' } } });
    expect(turns.find((t) => t.role === 'tool_result')).toMatchObject({ tool: { name: 'mcp__crm__find_customer', outcome: 'ok' } });
    expect(turns.find((t) => t.role === 'tool_result')?.content).toContain('Ada Lovelace');
  });

  it('goes on without the tools of a server that is down, and tells the model so', async () => {
    const down = await McpToolServer.start();
    const url = down.url;
    await down.stop();
    const model = new ScriptedLanguageModel(['Sorry, I cannot look that up right now.']);
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), languageModel: model });
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are the shop.', mcpServers: [{ name: 'crm', url, allowedTools: ['find_customer'] }] });

    const call = await callAndSay(line.phoneNumber, 'Where is my order?', 'cannot look that up');

    const request = model.requests[0]!;
    expect(request.tools.map((t) => t.name).filter((n) => n.startsWith('mcp__'))).toEqual([]);
    expect(request.messages[0]?.content).toContain('The tools of crm cannot be reached on this call');
    expect(call.utterances().join(' ')).toContain('Sorry, I cannot look that up right now.');
  });
});
