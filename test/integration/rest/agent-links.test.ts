import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { aRestApi, createAgentViaApi } from './harness.js';

const SERVER = { name: 'crm', url: 'https://mcp.crm.example/mcp', headers: { Authorization: 'Bearer s3cret' }, allowedTools: ['find_customer'] };

describe('agents’ MCP servers and handoffs over REST', () => {
  it('stores MCP servers, shows their headers hidden, and keeps a hidden value sent back', async () => {
    const h = await aRestApi();
    const created = await h.call('POST', '/v1/agents', { body: { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help.', mcpServers: [SERVER] } });
    const read = await h.call('GET', `/v1/agents/${created.body.id}`);
    const sentBack = await h.call('PATCH', `/v1/agents/${created.body.id}`, { body: { mcpServers: [{ ...read.body.mcpServers[0], allowedTools: ['find_customer', 'open_ticket'] }] } });

    expect(created.status).toBe(200);
    expect(read.body.mcpServers).toEqual([{ ...SERVER, headers: { Authorization: '(hidden)' } }]);
    expect(read.text).not.toContain('s3cret');
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.mcpServers[0].allowedTools).toEqual(['find_customer', 'open_ticket']);
    const stored = await h.uow.transaction(async (tx) => E.right(await tx.agents.findById(h.owner.projectId, created.body.id)));
    expect(E.isRight(stored) ? stored.right?.mcpServers?.[0]?.headers : null).toEqual({ Authorization: 'Bearer s3cret' });
  });

  it('refuses an MCP URL on a private address with 422 naming the field, storing nothing', async () => {
    const h = await aRestApi({ privateNetworkTargets: DENY_PRIVATE_NETWORKS });
    const refused = await h.call('POST', '/v1/agents', { body: { name: 'Desk', mcpServers: [{ ...SERVER, url: 'http://127.0.0.1:9/mcp' }] } });
    const list = await h.call('GET', '/v1/agents');

    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'mcpServers.0.url' })]);
    expect(list.body.data).toEqual([]);
  });

  it('names each handoff’s tool from the target agent and refuses an unknown agent or one of another project', async () => {
    const h = await aRestApi();
    const billing = await createAgentViaApi(h, { name: 'Billing Desk' });
    const other = await h.signUp('other@example.com');
    const theirs = await createAgentViaApi(h, { name: 'Theirs' }, other.key);

    const created = await h.call('POST', '/v1/agents', { body: { name: 'Front', handoffs: [{ agentId: billing, description: 'Questions about an invoice.' }] } });
    const unknown = await h.call('PATCH', `/v1/agents/${created.body.id}`, { body: { handoffs: [{ agentId: 'agt_nope', description: 'x' }] } });
    const foreign = await h.call('POST', '/v1/agents', { body: { name: 'Front 2', handoffs: [{ agentId: billing, description: 'a' }, { agentId: theirs, description: 'b' }] } });
    const self = await h.call('PATCH', `/v1/agents/${created.body.id}`, { body: { handoffs: [{ agentId: created.body.id, description: 'me' }] } });
    const after = await h.call('GET', `/v1/agents/${created.body.id}`);
    const list = await h.call('GET', '/v1/agents');

    expect(created.body.handoffs).toEqual([{ agentId: billing, description: 'Questions about an invoice.', name: 'billing_desk', tool: 'handoff_to_billing_desk' }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual([expect.objectContaining({ field: 'handoffs.0.agentId' })]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details).toEqual([expect.objectContaining({ field: 'handoffs.1.agentId' })]);
    expect(self.status).toBe(422);
    expect(after.body.handoffs).toEqual(created.body.handoffs);
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Billing Desk', 'Front']);
  });
});
