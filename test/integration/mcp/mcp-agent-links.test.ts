import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, type McpHarness } from './mcp-harness.js';

describe('agents’ MCP servers and handoffs through MCP and GraphQL', () => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'pglite' });
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('takes mcp_servers and handoffs (entries in the REST shape) and reads them back with header values hidden', async () => {
    const billing = resultOf(await call('create_agent', { name: 'Billing' }));
    const created = resultOf(
      await call('create_agent', {
        name: 'Front',
        mcp_servers: [{ name: 'crm', url: 'https://mcp.crm.example/mcp', headers: { Authorization: 'Bearer k' }, allowedTools: ['find_customer'] }],
        handoffs: [{ agentId: billing.id, description: 'Bills.' }],
      }),
    );
    const read = resultOf(await call('get_agent', { agent_id: created.id }));
    const admin = await fetch(`${h.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${h.sut.adminToken()}` },
      body: JSON.stringify({ query: `query ($id: ID!) { project(id: $id) { agents { items { id mcpServers handoffs } } } }`, variables: { id: h.owner.projectId } }),
    });
    const { data } = (await admin.json()) as { data: { project: { agents: { items: { id: string; mcpServers: unknown; handoffs: unknown }[] } } } };

    expect(read.mcpServers).toEqual([{ name: 'crm', url: 'https://mcp.crm.example/mcp', headers: { Authorization: '(hidden)' }, allowedTools: ['find_customer'] }]);
    expect(read.handoffs).toEqual([{ agentId: billing.id, description: 'Bills.', name: 'billing', tool: 'handoff_to_billing' }]);
    expect(data.project.agents.items.find((a) => a.id === created.id)).toMatchObject({ mcpServers: read.mcpServers, handoffs: read.handoffs });
  });
});
