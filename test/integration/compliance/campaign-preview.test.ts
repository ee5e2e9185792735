import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { LuxonTimeZoneCalendar } from '../../../src/adapters/luxon/luxon-time-zone-calendar.js';
import { PreviewCampaign } from '../../../src/application/use-cases/campaigns/preview-campaign.js';
import type { Campaign } from '../../../src/domain/campaign.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { aContact } from '../../support/builders.js';
import { aCampaignRig } from '../../support/campaign-rig.js';
import { anMcpSwitchboard, resultOf } from '../mcp/mcp-harness.js';
import { SYSTEM_ORIGIN } from '../../support/audit-builders.js';

const consent = { basis: 'express' as const, source: 'web form', capturedAt: null, evidence: null };
// The rig's clock: Monday 08:30 in New York, 07:30 in Chicago, 05:30 in Los Angeles; calls from 08:00 local.
const NEW_YORK = [trustE164('+12125550111'), trustE164('+12125550112')];
const SUPPRESSED = trustE164('+12125550113');
const NO_CONSENT = trustE164('+12125550114');
const CAPPED = trustE164('+12125550115');
const CHICAGO = trustE164('+13125550116');
const LOS_ANGELES = [trustE164('+13105550117'), trustE164('+13105550118')];

describe(PreviewCampaign.name, () => {
  it('counts what the campaign then does: dialled now, skipped by the list, consent and the cap, and held until each zone’s hours open', async () => {
    const r = await aCampaignRig({ uow: new InMemoryUnitOfWork() });
    const everyone = [...NEW_YORK, SUPPRESSED, NO_CONSENT, CAPPED, CHICAGO, ...LOS_ANGELES];
    await r.read(async (tx) => {
      for (const phoneNumber of everyone.filter((n) => n !== NO_CONSENT)) {
        await tx.contacts.save(aContact({ projectId: r.project.id, phoneNumber, consent: { voice: consent, sms: null } }));
      }
      await tx.suppressions.add({ projectId: r.project.id, phoneNumber: SUPPRESSED, channel: 'voice', reason: 'asked', source: 'operator', createdAt: r.clock.now() });
      await tx.projects.save({ ...r.project, outbound: { attemptCap: { points: 1, durationSeconds: 86_400 } } });
    });
    // The capped number had its one call today already.
    const earlier = await r.placeOutboundCall.execute({ projectId: r.project.id, agentId: r.agent.id, toNumber: CAPPED, fromNumberId: null, initialGreeting: null, voice: null, systemPrompt: null, origin: SYSTEM_ORIGIN })();
    expect(E.isRight(earlier)).toBe(true);

    const campaign = await r.startCampaign(everyone, { requireConsent: 'express' });
    const sut = new PreviewCampaign({ uow: r.uow, clock: r.clock, calendar: new LuxonTimeZoneCalendar(), nodeAttemptCap: null });
    const preview = await sut.execute({ projectId: r.project.id, campaignId: campaign.id })();
    expect(preview).toEqual(E.right({
      at: r.clock.now(),
      toCall: 8,
      willDial: 2,
      skipped: { suppressed: 1, noConsent: 1, attemptCap: 1, invalidNumber: 0, scheduleEnded: 0 },
      waiting: [
        { opensAt: new Date('2026-11-24T14:00:00.000Z'), count: 1 },
        { opensAt: new Date('2026-11-24T16:00:00.000Z'), count: 2 },
      ],
    }));
    expect(r.telephony.placedCalls).toHaveLength(1);

    await r.engine.runRound();
    const state = await byNumber(r, campaign);
    const dialled = r.telephony.placedCalls.slice(1).map((c) => c.to);
    expect(dialled.sort()).toEqual([...NEW_YORK].sort());
    expect(state[SUPPRESSED]).toMatchObject({ status: 'skipped', skipReason: 'do_not_call' });
    expect(state[NO_CONSENT]).toMatchObject({ status: 'skipped', skipReason: 'no_consent' });
    expect(state[CAPPED]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(state[CHICAGO]).toMatchObject({ status: 'pending', nextAttemptAt: new Date('2026-11-24T14:00:00.000Z') });
    for (const la of LOS_ANGELES) expect(state[la]).toMatchObject({ status: 'pending', nextAttemptAt: new Date('2026-11-24T16:00:00.000Z') });

    r.clock.set(new Date('2026-11-24T14:00:00.000Z'));
    await r.engine.runRound();
    expect(r.telephony.placedCalls.slice(3).map((c) => c.to)).toEqual([CHICAGO]);
    r.clock.set(new Date('2026-11-24T16:00:00.000Z'));
    await r.engine.runRound();
    expect(r.telephony.placedCalls.slice(4).map((c) => c.to).sort()).toEqual([...LOS_ANGELES].sort());
  });

  it('counts a campaign that does not exist in the project as not found', async () => {
    const r = await aCampaignRig({ uow: new InMemoryUnitOfWork() });
    const sut = new PreviewCampaign({ uow: r.uow, clock: r.clock, calendar: new LuxonTimeZoneCalendar(), nodeAttemptCap: null });
    expect(await sut.execute({ projectId: r.project.id, campaignId: 'cmp_missing' })()).toMatchObject(E.left({ _tag: 'NotFound' }));
  });
});

const byNumber = async (r: Awaited<ReturnType<typeof aCampaignRig>>, campaign: Campaign) =>
  Object.fromEntries((await r.recipients(campaign)).map(({ recipient }) => [recipient.phoneNumber, recipient]));

describe('POST /v1/campaigns/{id}/preview and MCP preview_campaign', () => {
  /** Every day, all day: the preview's hours hold whenever the test runs. */
  const ANY_TIME = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'America/New_York' };

  it('answers the same counts on both, for a draft campaign, and 404 for another project’s', async () => {
    const h = await anMcpSwitchboard({ store: 'memory' });
    try {
      const client = await h.httpClient(h.owner.key);
      const agent = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Outreach' } }));
      resultOf(await client.callTool({ name: 'buy_number', arguments: { area_code: '415', agent_id: agent.id, confirm: true } }));
      await h.api('POST', '/v1/suppressions', { phoneNumber: SUPPRESSED, channel: 'voice' });
      const created = await h.api('POST', '/v1/campaigns', { name: 'Preview', agentId: agent.id, schedule: ANY_TIME, recipients: [{ phoneNumber: NEW_YORK[0] }, { phoneNumber: SUPPRESSED }] });
      expect(created).toMatchObject({ status: 201, body: { status: 'draft' } });
      const { id } = created.body as { id: string };

      const viaRest = await h.api('POST', `/v1/campaigns/${id}/preview`);
      const viaMcp = resultOf(await client.callTool({ name: 'preview_campaign', arguments: { campaign_id: id } }));

      expect(viaRest).toMatchObject({ status: 200, body: { toCall: 2, willDial: 1, skipped: { suppressed: 1, noConsent: 0, attemptCap: 0 }, waiting: [] } });
      expect({ ...viaMcp, at: null }).toEqual({ ...(viaRest.body as object), at: null });
      expect((await h.api('POST', '/v1/campaigns/cmp_nobody/preview')).status).toBe(404);
      expect(h.telephony.placedCalls).toEqual([]);
    } finally {
      await h.stop();
    }
  });
});
