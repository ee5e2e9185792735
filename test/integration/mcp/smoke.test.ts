import { afterAll, beforeAll, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, type McpHarness } from './mcp-harness.js';

let h: McpHarness;
beforeAll(async () => {
  h = await anMcpSwitchboard();
});
afterAll(async () => {
  await h?.stop();
});

it('smoke', async () => {
  const client = await h.httpClient();
  const { tools } = await client.listTools();
  console.log(tools.length, JSON.stringify(tools.find((t) => t.name === 'make_conversation_call'), null, 1));
  const bought = resultOf(await client.callTool({ name: 'buy_number', arguments: { area_code: '415' } }));
  console.log(bought);
  console.log(JSON.stringify(await client.callTool({ name: 'list_numbers', arguments: { limit: 5 } })));
  console.log(JSON.stringify(await client.callTool({ name: 'send_message', arguments: { agent_id: 'nope' } })));
  expect(tools.length).toBeGreaterThan(28);
});
