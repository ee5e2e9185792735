import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole } from './admin-harness.js';

describe('admin GraphQL: campaigns', () => {
  let h: Awaited<ReturnType<typeof anAdminConsole>>;
  beforeAll(async () => {
    h = await anAdminConsole();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("lists a project's campaigns with their progress", async () => {
    const line = await h.anAgentOnTheLine();
    const created = await h.api('POST', '/v1/campaigns', {
      name: 'Reminders',
      agentId: line.agentId,
      recipients: [{ phoneNumber: '+12125550100' }, { phoneNumber: '+13105550100' }],
    });
    expect(created.status).toBe(201);

    const { project } = await h.data(
      `query ($id: ID!) { project(id: $id) {
        campaigns { total items { id name status dailyWindow callsPerMinute counts { pending completed total } } }
      } }`,
      { id: h.owner.projectId },
    );
    expect(project.campaigns).toEqual({
      total: 1,
      items: [{ id: created.body.id, name: 'Reminders', status: 'draft', dailyWindow: '09:00–20:00', callsPerMinute: 30, counts: { pending: 2, completed: 0, total: 2 } }],
    });
  });
});
