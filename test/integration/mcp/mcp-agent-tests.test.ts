import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

describe('the scenario-test MCP tools', () => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => resultOf(await client.callTool({ name, arguments: args }));

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory' });
    client = await h.httpClient(h.owner.key);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('runs an agent’s tests and reads the run: verdicts and why one failed', async () => {
    const agent = await call('create_agent', { name: 'Desk', voice_mode: 'hosted', system_prompt: 'Help callers.', greeting: 'Hello, desk here.' });
    const rest = (path: string, body: unknown) =>
      h.sut.fetch(new Request(`http://switchboard.test${path}`, { method: 'POST', headers: { authorization: `Bearer ${h.owner.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    await rest(`/v1/agents/${agent.id}/tests`, { name: 'greets', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'desk here' }] });
    await rest(`/v1/agents/${agent.id}/tests`, { name: 'says the hours', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'nine to five' }] });

    const queued = await call('run_agent_tests', { agent_id: agent.id, seed: 3 });
    expect(queued).toMatchObject({ status: 'queued', seed: 3, counts: { total: 2 } });
    const done = await eventually(async () => {
      const result = await client.callTool({ name: 'get_test_run', arguments: { test_run_id: queued.id } });
      const run = resultOf(result);
      return run.status === 'completed' ? { run, text: (result.content as { type: string; text: string }[])[0]!.text } : null;
    }, { within: 20_000 });

    expect(done.run.counts).toEqual({ total: 2, passed: 1, failed: 1, errored: 0 });
    expect(done.text).toContain('says the hours: failed; expected the agent to say "nine to five", but it said "Hello, desk here."');
    expect(toolErrorOf(await client.callTool({ name: 'run_agent_tests', arguments: { agent_id: 'agt_missing' } }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(toolErrorOf(await client.callTool({ name: 'get_test_run', arguments: { test_run_id: 'trun_missing' } }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
