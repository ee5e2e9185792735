import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { anAdminConsole } from '../graphql-admin/admin-harness.js';

// The engine as the server composes it (the project's call cap read in the round's own unit of
// work), on the in-memory store whose units of work run one at a time.
describe('a campaign on the composed server', () => {
  let h: Awaited<ReturnType<typeof anAdminConsole>>;
  beforeAll(async () => {
    h = await anAdminConsole();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('places its calls up to its pace, and the API still answers while they go on', async () => {
    const line = await h.anAgentOnTheLine();
    const created = await h.api('POST', '/v1/campaigns', {
      name: 'Reminders',
      agentId: line.agentId,
      // The whole day in every recipient's zone (a day ending at 23:59 leaves out a minute in each).
      schedule: { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'UTC' },
      pacing: { maxConcurrentCalls: 2, callsPerMinute: 600 },
      recipients: [{ phoneNumber: '+12125550100' }, { phoneNumber: '+13105550100' }, { phoneNumber: '+13125550100' }],
    });
    expect(created.status, created.text).toBe(201);

    expect((await h.api('POST', `/v1/campaigns/${created.body.id}/start`)).body.status).toBe('running');

    const counts = await eventually(
      async () => {
        const read = await h.api('GET', `/v1/campaigns/${created.body.id}`);
        return read.body.counts.inProgress === 2 ? read.body.counts : null;
      },
      { what: 'two calls of the campaign under way' },
    );
    expect(counts).toMatchObject({ pending: 1, inProgress: 2, total: 3 });
    const recipients = (await h.api('GET', `/v1/campaigns/${created.body.id}/recipients`)).body.data;
    const callIds = recipients.flatMap((r: { attempts: { callId: string }[] }) => r.attempts.map((a) => a.callId));
    expect(callIds).toHaveLength(2);
    expect((await h.api('GET', `/v1/calls?direction=outbound`)).body.data.map((c: { id: string }) => c.id).sort()).toEqual([...callIds].sort());
  });
});
