import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

describe('the admin console’s knowledge bases', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await anAdminConsole();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('lists a project’s knowledge bases with their documents, and tries a search', async () => {
    const kb = (await h.api('POST', '/v1/knowledge-bases', { name: 'Shop', description: 'Policies' })).body.id as string;
    await h.api('POST', `/v1/knowledge-bases/${kb}/documents`, { format: 'markdown', content: '# Returns\n\nRefunds take five working days.' });

    const { project } = await h.data(
      `query ($id: ID!) { project(id: $id) {
        knowledgeBases { total items { id name description
          documents { total items { title format chunkCount characters } }
          search(query: "refunds", limit: 3) { documentTitle heading content score } } }
      } }`,
      { id: h.owner.projectId },
    );

    expect(project.knowledgeBases).toMatchObject({
      total: 1,
      items: [{
        id: kb,
        name: 'Shop',
        description: 'Policies',
        documents: { total: 1, items: [{ title: 'Returns', format: 'markdown', chunkCount: 1, characters: 42 }] },
        search: [{ documentTitle: 'Returns', heading: 'Returns', content: 'Refunds take five working days.', score: expect.any(Number) }],
      }],
    });
  });
});
