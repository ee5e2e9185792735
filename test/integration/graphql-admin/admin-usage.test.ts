import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

const BREAKDOWNS = `query ($id: ID!, $period: UsagePeriod, $from: String, $to: String, $tz: String) { project(id: $id) {
  usageByNumber(period: $period, from: $from, to: $to, tz: $tz) { period from to timeZone
    lines { id label agentId calls voiceMinutes messages messagesInbound messagesOutbound chargesCents charges } }
  usageByAgent(period: $period, from: $from, to: $to, tz: $tz) { period from to timeZone
    lines { id label agentId calls voiceMinutes messages messagesInbound messagesOutbound chargesCents charges } }
} }`;

/** The REST answer's lines in the console's names. */
const asLines = (body: { data: Record<string, unknown>[] }, by: 'number' | 'agent') =>
  body.data.map(({ numberId, phoneNumber, agentId, name, ...counts }) =>
    by === 'number' ? { id: numberId, label: phoneNumber, agentId, ...counts } : { id: agentId, label: name, agentId, ...counts },
  );

/** The console's usage per number and per agent: the same figures and windows as GET /v1/usage/by-number and /by-agent. */
describe('Project.usageByNumber and Project.usageByAgent', () => {
  let h: AdminHarness;
  let line: { agentId: string; numberId: string; phoneNumber: string };
  beforeAll(async () => {
    h = await anAdminConsole();
    line = await h.anAgentOnTheLine();
    await h.data('mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: "one") { duplicate } }', { to: line.phoneNumber });
    await h.data('mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550177", body: "two") { duplicate } }', { to: line.phoneNumber });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it.each([
    [{}, ''],
    [{ period: 'WEEK', tz: 'Asia/Tokyo' }, '?period=week&tz=Asia/Tokyo'],
    [{ period: 'DAY' }, '?period=day'],
    [{ from: '2026-01-01', to: '2026-12-31' }, '?from=2026-01-01&to=2026-12-31'],
  ])('answers %j as REST answers %s', async (variables, query) => {
    const { project } = await h.data(BREAKDOWNS, { id: h.owner.projectId, ...variables });
    const byNumber = (await h.api('GET', `/v1/usage/by-number${query}`)).body;
    const byAgent = (await h.api('GET', `/v1/usage/by-agent${query}`)).body;

    const windowOf = (body: { period: string | null; from: string; to: string; timeZone: string }) => ({
      period: body.period?.toUpperCase() ?? null, from: body.from, to: body.to, timeZone: body.timeZone,
    });
    expect(project.usageByNumber).toEqual({ ...windowOf(byNumber), lines: asLines(byNumber, 'number') });
    expect(project.usageByAgent).toEqual({ ...windowOf(byAgent), lines: asLines(byAgent, 'agent') });
  });

  it('counts what happened: both texts on the number and its agent, and the number’s first month', async () => {
    const { project } = await h.data(BREAKDOWNS, { id: h.owner.projectId });

    const number = project.usageByNumber.lines.find((l: { id: string }) => l.id === line.numberId);
    const agent = project.usageByAgent.lines.find((l: { id: string }) => l.id === line.agentId);
    expect(number).toMatchObject({ label: line.phoneNumber, agentId: line.agentId, messages: 2, messagesInbound: 2, messagesOutbound: 0 });
    expect(number.chargesCents).toBeGreaterThan(0);
    expect(agent).toMatchObject({ label: 'Acme support', messages: 2, chargesCents: number.chargesCents });
  });

  it('refuses a bad window with VALIDATION_ERROR naming each argument', async () => {
    const unreal = await h.errors(BREAKDOWNS, { id: h.owner.projectId, from: '2026-02-30', to: '2026-03-01' });
    const zone = await h.errors(BREAKDOWNS, { id: h.owner.projectId, tz: 'Mars/Olympus' });
    const both = await h.errors(BREAKDOWNS, { id: h.owner.projectId, period: 'DAY', from: '2026-03-01', to: '2026-03-02' });

    expect(unreal[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR', details: [{ field: 'from' }] } });
    expect(zone[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR', details: [{ field: 'tz' }] } });
    expect(both[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR', details: [{ field: 'period' }] } });
  });
});
