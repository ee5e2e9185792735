import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

describe('the knowledge-base MCP tools', () => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => resultOf(await client.callTool({ name, arguments: args }));
  const fails = async (name: string, args: Record<string, unknown>) => toolErrorOf(await client.callTool({ name, arguments: args }));

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory' });
    client = await h.httpClient(h.owner.key);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates a knowledge base, adds a document, searches it, and deletes both', async () => {
    const kb = await call('manage_knowledge_base', { action: 'create', name: 'Shop', description: 'Policies' });
    const added = await call('add_document', { knowledge_base_id: kb.id, format: 'markdown', content: '# Returns\n\nRefunds take five working days.' });
    const found = await call('search_knowledge_base', { knowledge_base_id: kb.id, q: 'refunds', limit: 3 });

    expect(kb).toMatchObject({ id: expect.stringMatching(/^kb_/), name: 'Shop', description: 'Policies' });
    expect(added).toMatchObject({ knowledgeBaseId: kb.id, title: 'Returns', chunkCount: 1 });
    expect(found).toMatchObject({ query: 'refunds', data: [{ documentId: added.id, heading: 'Returns' }] });
    expect(await call('manage_knowledge_base', { action: 'update', knowledge_base_id: kb.id, name: 'Shoe shop' })).toMatchObject({ name: 'Shoe shop' });
    expect((await call('list_knowledge_bases')).data).toMatchObject([{ id: kb.id, name: 'Shoe shop' }]);
    await call('delete_document', { knowledge_base_id: kb.id, document_id: added.id });
    expect((await call('search_knowledge_base', { knowledge_base_id: kb.id, q: 'refunds' })).data).toEqual([]);
    await call('manage_knowledge_base', { action: 'delete', knowledge_base_id: kb.id });
    expect((await call('list_knowledge_bases')).data).toEqual([]);
  });

  it('names the field of what it refuses', async () => {
    const kb = await call('manage_knowledge_base', { action: 'create', name: 'Refusals' });

    expect(await fails('manage_knowledge_base', { action: 'update' })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'knowledge_base_id' }] });
    expect(await fails('add_document', { knowledge_base_id: kb.id, format: 'docx', content: 'UEsDBA==' })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'format' }] });
    expect(await fails('add_document', { knowledge_base_id: kb.id, format: 'pdf', content: '%PDF' })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'content' }] });
    expect(await fails('add_document', { knowledge_base_id: kb.id, format: 'url' })).toMatchObject({ details: [{ field: 'url' }] });
    expect(await fails('search_knowledge_base', { knowledge_base_id: 'kb_missing', q: 'x' })).toMatchObject({ code: 'NOT_FOUND' });
  });
});
