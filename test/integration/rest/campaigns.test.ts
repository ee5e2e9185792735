import { describe, expect, it } from 'vitest';
import { campaignRoutes } from '../../../src/adapters/rest/routes/campaigns.js';
import { aRestApi, createAgentViaApi, provisionNumberViaApi, type Harness } from './harness.js';

/** An agent with a number attached: what a campaign needs. */
const anAgentWithNumber = async (h: Harness) => {
  await h.topUp(100_000);
  const agentId = await createAgentViaApi(h);
  const numberId = await provisionNumberViaApi(h, { country: 'US' });
  const attached = await h.call('POST', `/v1/agents/${agentId}/numbers`, { body: { numberId } });
  if (attached.status !== 200) throw new Error(attached.text);
  return { agentId, numberId };
};

const csv = (h: Harness, campaignId: string, text: string) =>
  h.call('POST', `/v1/campaigns/${campaignId}/recipients`, { rawBody: text, headers: { 'Content-Type': 'text/csv' } });

describe(campaignRoutes.name, () => {
  it('refuses a bad campaign with 422 and every problem in details', async () => {
    const h = await aRestApi();
    const agentWithoutNumber = await createAgentViaApi(h);
    const reply = await h.call('POST', '/v1/campaigns', {
      body: {
        name: 'Reminders',
        agentId: agentWithoutNumber,
        pacing: { maxConcurrentCalls: 500 },
        schedule: { dailyStart: '18:00', dailyEnd: '09:00', timeZone: 'Nowhere/Land' },
      },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'pacing.maxConcurrentCalls',
      'schedule.dailyEnd',
      'schedule.timeZone',
      'agentId',
    ]);

    const unknownAgent = await h.call('POST', '/v1/campaigns', { body: { name: 'R', agentId: 'agt_nobody' } });
    expect(unknownAgent.status).toBe(422);
    expect(unknownAgent.body.error.details).toEqual([expect.objectContaining({ field: 'agentId', message: expect.stringContaining('not an agent') })]);

    const { agentId } = await anAgentWithNumber(h);
    const foreign = await h.call('POST', '/v1/campaigns', { body: { name: 'R', agentId, recipients: [{ phoneNumber: '+447911123456' }] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.details[0].field).toBe('recipients.0.phoneNumber');
  });

  it('reports an invalid recipient number with the unknown agent, the time zone and the limits, each named as sent, and writes nothing', async () => {
    const h = await aRestApi();
    const { agentId } = await anAgentWithNumber(h);
    const otherNumber = await provisionNumberViaApi(h, { country: 'US' });

    const everything = await h.call('POST', '/v1/campaigns', {
      body: {
        name: 'Reminders',
        agentId: 'agt_nobody',
        pacing: { callsPerMinute: 0 },
        schedule: { timeZone: 'Nowhere/Land' },
        recipients: [{ phoneNumber: '+12125550100' }, { phoneNumber: '12' }, { phoneNumber: '+447911123456' }],
      },
    });
    const fromForeign = await h.call('POST', '/v1/campaigns', { body: { name: 'R', agentId, fromNumberId: otherNumber, recipients: [{ phoneNumber: 'nope' }] } });

    expect(everything.status).toBe(422);
    expect(everything.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'recipients.1.phoneNumber',
      'recipients.2.phoneNumber',
      'pacing.callsPerMinute',
      'schedule.timeZone',
      'agentId',
    ]);
    expect(everything.body.error.message).toContain('schedule.timeZone is not a known IANA time zone');
    expect(fromForeign.body.error.details.map((d: { field: string }) => d.field)).toEqual(['recipients.0.phoneNumber', 'fromNumberId']);
    expect((await h.call('GET', '/v1/campaigns')).body.total).toBe(0);
  });

  it('creates a campaign, merges duplicate recipients, and shows counts per state', async () => {
    const h = await aRestApi();
    const { agentId } = await anAgentWithNumber(h);
    const created = await h.call('POST', '/v1/campaigns', {
      body: {
        name: 'Reminders',
        agentId,
        recipients: [
          { phoneNumber: '+12125550100', variables: { firstName: 'Ada' } },
          { phoneNumber: '(310) 555-0100' },
          { phoneNumber: '+1 212 555 0100', variables: { slot: '9am' } },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', fromNumberPolicy: 'round_robin', recipientsImported: { added: 2, merged: 1 } });

    const got = await h.call('GET', `/v1/campaigns/${created.body.id}`);
    expect(got.body.counts).toEqual({ pending: 2, inProgress: 0, retryScheduled: 0, completed: 0, failed: 0, skipped: 0, total: 2 });
    const listed = await h.call('GET', `/v1/campaigns/${created.body.id}/recipients?status=pending`);
    expect(listed.body.data.map((r: { phoneNumber: string; timeZone: string; variables: unknown }) => [r.phoneNumber, r.timeZone, r.variables])).toEqual([
      ['+12125550100', 'America/New_York', { firstName: 'Ada', slot: '9am' }],
      ['+13105550100', 'America/Los_Angeles', {}],
    ]);
    expect((await h.call('GET', '/v1/campaigns')).body.data.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  });

  it('imports a CSV: a bad row is reported by line and nothing is imported; a good file adds every row', async () => {
    const h = await aRestApi();
    const { agentId } = await anAgentWithNumber(h);
    const { body: campaign } = await h.call('POST', '/v1/campaigns', { body: { name: 'Survey', agentId } });

    const bad = await csv(h, campaign.id, 'phone_number,first_name\n+12125550100,Ada\nnot a number,Bob\n"+13105550100","Grace"\n');
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'line 3.phoneNumber' })]);
    expect((await h.call('GET', `/v1/campaigns/${campaign.id}`)).body.counts.total).toBe(0);

    const good = await csv(h, campaign.id, 'phone_number,first_name\n+12125550100,Ada\n"+13105550100","Grace, Hopper"\n');
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ added: 2 });
    const listed = await h.call('GET', `/v1/campaigns/${campaign.id}/recipients`);
    expect(listed.body.data.map((r: { variables: unknown }) => r.variables)).toEqual([{ first_name: 'Ada' }, { first_name: 'Grace, Hopper' }]);
  });

  it('moves through its lifecycle, refusing a move it does not allow with 409, and exports its results', async () => {
    const h = await aRestApi();
    const { agentId } = await anAgentWithNumber(h);
    const { body: campaign } = await h.call('POST', '/v1/campaigns', { body: { name: 'R', agentId, recipients: [{ phoneNumber: '+12125550100' }] } });
    expect((await h.call('POST', `/v1/campaigns/${campaign.id}/pause`)).status).toBe(409);
    expect((await h.call('POST', `/v1/campaigns/${campaign.id}/start`)).body.status).toBe('running');
    expect((await h.call('POST', `/v1/campaigns/${campaign.id}/pause`)).body.status).toBe('paused');
    expect((await h.call('POST', `/v1/campaigns/${campaign.id}/resume`)).body.status).toBe('running');
    expect((await h.call('POST', `/v1/campaigns/${campaign.id}/cancel`)).body.status).toBe('cancelled');
    const again = await h.call('POST', `/v1/campaigns/${campaign.id}/start`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('cancelled');
    expect((await h.call('POST', `/v1/campaigns/${campaign.id}/recipients`, { body: { recipients: [{ phoneNumber: '+12125550101' }] } })).status).toBe(409);

    const results = await h.call('GET', `/v1/campaigns/${campaign.id}/results.csv`);
    expect(results.status).toBe(200);
    expect(results.headers.get('content-type')).toContain('text/csv');
    const lines = results.text.trim().split('\r\n');
    expect(lines[0]).toBe('recipientId,phoneNumber,contactId,status,outcome,skipReason,attempts,lastCallId,callIds,variables');
    expect(lines[1]).toMatch(/^rcp_\w+,\+12125550100,,skipped,,cancelled,0,,,\{\}$/);
    expect((await h.call('GET', '/v1/campaigns/cmp_nope/results.csv')).status).toBe(404);
  });
});
