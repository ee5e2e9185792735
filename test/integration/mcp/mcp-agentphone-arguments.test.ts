import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

const AGENTPHONE = JSON.parse(readFileSync(new URL('../../fixtures/agentphone-tool-arguments.json', import.meta.url), 'utf8')) as {
  readonly tools: Record<string, readonly string[]>;
};

const TO = '+14155550142';

/** AgentPhone's tool arguments against this server's: each one taken, and anything else refused by name, never dropped. */
describe("AgentPhone's MCP tool arguments", () => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => resultOf(await client.callTool({ name, arguments: args }));

  beforeAll(async () => {
    h = await anMcpSwitchboard();
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('are all declared by the tool of the same name', async () => {
    const declared = new Map((await client.listTools()).tools.map((tool) => [tool.name, Object.keys(tool.inputSchema.properties ?? {})]));

    const missing = Object.entries(AGENTPHONE.tools).flatMap(([name, args]) => args.filter((arg) => !declared.get(name)?.includes(arg)).map((arg) => `${name}.${arg}`));

    expect(Object.keys(AGENTPHONE.tools)).toHaveLength(28);
    expect(missing).toEqual([]);
  });

  it('refuse an argument the tool does not take, naming each such argument, and do nothing', async () => {
    const refused = toolErrorOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Typo', sytem_prompt: 'Be brief.', colour: 'blue' } }));

    expect(refused).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'sytem_prompt', message: 'is not an argument of create_agent' },
        { field: 'colour', message: 'is not an argument of create_agent' },
      ],
    });
    expect((await call('list_agents', {})).data).toEqual([]);
  });

  it('send a text with iMessage-only arguments as SMS, and say they were not carried', async () => {
    const agent = await call('create_agent', { name: 'Texts' });
    await call('buy_number', { agent_id: agent.id, confirm: true });
    const earlier = await call('send_message', { agent_id: agent.id, to_number: TO, body: 'First' });

    const result = await client.callTool({
      name: 'send_message',
      arguments: { agent_id: agent.id, to_number: TO, body: 'Second', reply_to_message_id: earlier.id, send_style: 'confetti' },
    });

    expect(resultOf(result)).toMatchObject({ status: 'sent', unsupported: ['reply_to_message_id', 'send_style'] });
    expect(JSON.stringify(result.content)).toContain('Sent as SMS without reply_to_message_id and send_style (iMessage only)');
    expect(toolErrorOf(await client.callTool({ name: 'send_message', arguments: { agent_id: agent.id, to_number: TO, body: 'x', send_style: 'sparkles' } }))).toMatchObject({
      details: [{ field: 'send_style', message: expect.stringContaining('confetti') }],
    });
  });
});
