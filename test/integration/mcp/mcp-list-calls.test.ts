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
});
