import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

/** `list_calls.status` with AgentPhone's values: ringing, busy and no-answer beside ours. */
describe('list_calls status', () => {
  let h: McpHarness;
  let client: Client;

  beforeAll(async () => {
    h = await anMcpSwitchboard();
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('takes every AgentPhone status and refuses another, naming the argument and the allowed values', async () => {
    for (const status of ['ringing', 'in-progress', 'completed', 'failed', 'busy', 'no-answer']) {
      expect(resultOf(await client.callTool({ name: 'list_calls', arguments: { status } }))).toMatchObject({ data: [], total: 0 });
    }
    const refused = toolErrorOf(await client.callTool({ name: 'list_calls', arguments: { status: 'queued' } }));

    expect(refused).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'status' }] });
    expect(JSON.stringify(refused)).toContain('ringing, busy, no-answer');
  });

  it("keeps one number's calls with `number_id`, as AgentPhone's does", async () => {
    const agent = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Two lines' } }));
    const first = resultOf(await client.callTool({ name: 'buy_number', arguments: { agent_id: agent.id, confirm: true } }));
    const second = resultOf(await client.callTool({ name: 'buy_number', arguments: { agent_id: agent.id, confirm: true } }));
    const dial = async (fromNumberId: string) =>
      resultOf(await client.callTool({ name: 'make_call', arguments: { agent_id: agent.id, to_number: '+14155550142', from_number_id: fromNumberId } }));
    const [onFirst, onSecond] = [await dial(first.id), await dial(second.id)];

    const listed = resultOf(await client.callTool({ name: 'list_calls', arguments: { number_id: second.id } }));

    expect(listed).toMatchObject({ total: 1, data: [{ id: onSecond.id }] });
    expect(onFirst.id).not.toBe(onSecond.id);
  });
});

/** A use case's refusal through any snake_cased tool names the argument as sent, not the REST body's field. */
describe('tool refusals by argument name', () => {
  let h: McpHarness;
  let client: Client;

  beforeAll(async () => {
    h = await anMcpSwitchboard();
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("make_call from an agent without a number names agent_id, and a number not the agent's from_number_id", async () => {
    const bare = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'No line' } }));
    const lined = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Line' } }));
    await client.callTool({ name: 'buy_number', arguments: { agent_id: lined.id, confirm: true } });
    const loose = resultOf(await client.callTool({ name: 'buy_number', arguments: { confirm: true } }));

    const noNumber = toolErrorOf(await client.callTool({ name: 'make_call', arguments: { agent_id: bare.id, to_number: '+14155550142' } }));
    const foreign = toolErrorOf(await client.callTool({ name: 'make_call', arguments: { agent_id: lined.id, to_number: '+14155550142', from_number_id: loose.id } }));

    expect(noNumber).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'agent_id' }], message: expect.stringContaining('agent_id') });
    expect(foreign).toMatchObject({ details: [{ field: 'from_number_id' }] });
  });
});
