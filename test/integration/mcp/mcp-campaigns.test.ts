import * as E from 'fp-ts/lib/Either.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

const RECIPIENT = '+12125550161';
/** Every day, all day: the engine may dial whenever the test runs. */
const ANY_TIME = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'America/New_York' };

describe('MCP campaign tools (Streamable HTTP, embedded PGlite, the real campaign engine on the simulated carrier)', () => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => resultOf(await client.callTool({ name, arguments: args }));
  const fails = async (name: string, args: Record<string, unknown> = {}) => toolErrorOf(await client.callTool({ name, arguments: args }));

  beforeAll(async () => {
    h = await anMcpSwitchboard();
    client = await h.httpClient(h.owner.key);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('lists the campaign tools with truthful annotations', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const names = ['list_campaigns', 'create_campaign', 'get_campaign', 'add_campaign_recipients', 'list_campaign_recipients', 'preview_campaign', 'start_campaign', 'pause_campaign', 'resume_campaign', 'cancel_campaign'];
    expect([...byName.keys()]).toEqual(expect.arrayContaining(names));
    for (const name of ['list_campaigns', 'get_campaign', 'list_campaign_recipients', 'preview_campaign']) expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('start_campaign')!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(byName.get('cancel_campaign')!.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('cancel_campaign')!.description).toContain('DESTRUCTIVE');
    expect(byName.get('create_campaign')!.inputSchema).toMatchObject({ required: ['name', 'agent_id'], properties: { from_number_id: expect.any(Object), recipients: { type: 'array' } } });
    expect(byName.get('list_campaign_recipients')!.inputSchema).toMatchObject({ required: ['campaign_id'] });
  });

  it('creates a campaign, adds a recipient, starts it, and reads its progress as the call is made and ends', async () => {
    const agent = await call('create_agent', { name: 'Reminders', begin_message: 'Hi, a reminder of your appointment.' });
    await call('buy_number', { area_code: '415', agent_id: agent.id, confirm: true });

    const created = await call('create_campaign', { name: 'Appointment reminders', agent_id: agent.id, schedule: ANY_TIME });
    expect(created).toMatchObject({ status: 'draft', agentId: agent.id, recipientsImported: { added: 0 } });
    const added = await call('add_campaign_recipients', { campaign_id: created.id, recipients: [{ phoneNumber: RECIPIENT, variables: { first: 'Ada' } }] });
    expect(added).toEqual({ added: 1, merged: 0, alreadyOnCampaign: 0, doNotCall: 0 });
    const before = await call('get_campaign', { campaign_id: created.id });
    expect(before.counts).toMatchObject({ pending: 1, total: 1 });

    const started = await call('start_campaign', { campaign_id: created.id });
    expect(started.status).toBe('running');
    expect(await fails('start_campaign', { campaign_id: created.id })).toMatchObject({ code: expect.any(String) });

    // On the embedded database, which runs one transaction at a time, as a user's default install does.
    const placed = await eventually(() => h.telephony.placedCalls.find((c) => c.to === RECIPIENT), { what: 'the campaign to dial its recipient' });
    const answered = await h.simulated().answerOutbound(placed.callId);
    if (E.isLeft(answered)) throw new Error(answered.left._tag);
    const inProgress = await eventually(async () => {
      const campaign = await call('get_campaign', { campaign_id: created.id });
      return campaign.counts.inProgress === 1 ? campaign : null;
    }, { what: 'the recipient to be in progress' });
    expect(inProgress.status).toBe('running');

    const hungUp = await h.simulated().hangUp(placed.callId);
    if (E.isLeft(hungUp)) throw new Error(hungUp.left._tag);
    const done = await eventually(async () => {
      const campaign = await call('get_campaign', { campaign_id: created.id });
      return campaign.counts.completed === 1 ? campaign : null;
    }, { what: 'the recipient to be completed' });
    expect(done.counts).toMatchObject({ pending: 0, inProgress: 0, completed: 1, total: 1 });

    const recipients = await call('list_campaign_recipients', { campaign_id: created.id, status: 'completed' });
    expect(recipients.data).toHaveLength(1);
    expect(recipients.data[0]).toMatchObject({ phoneNumber: RECIPIENT, outcome: 'answered', attempts: [{ callId: placed.callId, outcome: 'answered' }] });
    const listed = await call('list_campaigns', { limit: 5 });
    expect(listed.data.map((c: { id: string }) => c.id)).toContain(created.id);
  });

  it('pauses, resumes and cancels a campaign; a cancelled one takes no more recipients', async () => {
    const agent = await call('create_agent', { name: 'Survey' });
    await call('buy_number', { area_code: '415', agent_id: agent.id, confirm: true });
    // Far ahead: nothing is dialled.
    const created = await call('create_campaign', { name: 'Survey', agent_id: agent.id, schedule: { ...ANY_TIME, startAt: '2100-01-01T00:00:00Z' } });
    expect((await call('start_campaign', { campaign_id: created.id })).status).toBe('scheduled');
    expect((await call('pause_campaign', { campaign_id: created.id })).status).toBe('paused');
    expect((await call('resume_campaign', { campaign_id: created.id })).status).toBe('scheduled');
    expect((await call('cancel_campaign', { campaign_id: created.id })).status).toBe('cancelled');
    const refused = await fails('add_campaign_recipients', { campaign_id: created.id, recipients: [{ phoneNumber: RECIPIENT }] });
    expect(refused).toMatchObject({ code: expect.any(String) });
    const invalid = await fails('create_campaign', { name: 'Bad', agent_id: agent.id, recipients: [{ phoneNumber: '+442079460000' }] });
    expect(JSON.stringify(invalid)).toContain('recipients');
  });

  it('reports every problem of create_campaign at once, each named as the argument was sent', async () => {
    const agent = await call('create_agent', { name: 'Surveys' });
    await call('buy_number', { agent_id: agent.id, confirm: true });
    const other = await call('buy_number', { confirm: true });

    const unknownAgent = await fails('create_campaign', { name: 'Bad', agent_id: 'agt_nobody', schedule: { timeZone: 'Nowhere/Land' }, recipients: [{ phoneNumber: '12' }] });
    const foreignNumber = await fails('create_campaign', { name: 'Bad', agent_id: agent.id, from_number_id: other.id, pacing: { maxConcurrentCalls: 0 } });

    expect(unknownAgent).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(unknownAgent.details.map((d: { field: string }) => d.field)).toEqual(['recipients.0.phoneNumber', 'schedule.timeZone', 'agent_id']);
    expect(foreignNumber.details.map((d: { field: string }) => d.field)).toEqual(['pacing.maxConcurrentCalls', 'from_number_id']);
    expect(foreignNumber.message).toContain('from_number_id');
  });
});
