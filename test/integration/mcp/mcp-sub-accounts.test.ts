import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, type McpHarness } from './mcp-harness.js';

/** `/mcp` sits behind the same API-key guard as REST: `X-Sub-Account-Id` acts on a sub-account there too. */
describe('MCP on a sub-account', () => {
  let h: McpHarness;
  let sub: { id: string; apiKey: { key: string } };
  const clientAs = (key: string, subAccountId?: string): Promise<Client> =>
    h.connect(
      new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}`, ...(subAccountId ? { 'X-Sub-Account-Id': subAccountId } : {}) } },
      }),
    );
  const agentNames = async (client: Client): Promise<string[]> =>
    (resultOf(await client.callTool({ name: 'list_agents', arguments: {} })).data as { name: string }[]).map((a) => a.name);

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory' });
    const opened = await h.api('POST', '/v1/sub-accounts', { name: 'Acme Dental' });
    if (opened.status !== 201) throw new Error(opened.text);
    sub = opened.body;
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('acts on the named sub-account with the parent’s key, and the sub-account’s own key sees the same', async () => {
    const asParent = await clientAs(h.owner.key, sub.id);
    resultOf(await asParent.callTool({ name: 'create_agent', arguments: { name: 'Dental desk' } }));
    expect(await agentNames(asParent)).toEqual(['Dental desk']);
    expect(await agentNames(await clientAs(sub.apiKey.key))).toEqual(['Dental desk']);
    expect(await agentNames(await clientAs(h.owner.key))).not.toContain('Dental desk');
  });

  it('refuses a sub-account id that is not the key’s child before any tool runs', async () => {
    await expect(clientAs(sub.apiKey.key, h.owner.projectId)).rejects.toThrow(/404|Not Found|NOT_FOUND/);
  });
});
