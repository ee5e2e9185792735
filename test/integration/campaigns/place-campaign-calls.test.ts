import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { inMemoryAuditEventQuery } from '../../../src/adapters/memory/in-memory-audit-event-query.js';
import type { PlaceCampaignCallsInput } from '../../../src/application/use-cases/calls/place-campaign-calls.js';
import { SYSTEM_ACTOR } from '../../../src/domain/audit-event.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { aCampaignRig } from '../../support/campaign-rig.js';
import { aCall } from '../../support/builders.js';

const SUPPRESSED = trustE164('+12125550101');
const CAPPED = trustE164('+12125550102');
const FIRST = trustE164('+12125550103');
const SECOND = trustE164('+12125550104');
const THIRD = trustE164('+12125550105');

/** A campaign round's calls as PlaceOutboundCall would place them one by one, with the round trips shared. */
describe('placing a campaign round’s calls together', () => {
  it('refuses, in order, the suppressed, the capped and those past the project’s calls at once, records the refusals, and places the rest', async () => {
    const uow = new InMemoryUnitOfWork();
    const r = await aCampaignRig({ uow });
    await r.read(async (tx) => {
      await tx.projects.save({ ...r.project, maxConcurrentCalls: 2, outbound: { attemptCap: { points: 1, durationSeconds: 86_400 } } });
      await tx.suppressions.add({ projectId: r.project.id, phoneNumber: SUPPRESSED, channel: 'voice', reason: 'asked', source: 'operator', createdAt: r.clock.now() });
      // CAPPED was called an hour ago (and that call is over): its one call a day is spent.
      await tx.calls.save(aCall({ projectId: r.project.id, direction: 'outbound', toNumber: CAPPED, status: 'completed', startedAt: new Date(r.clock.now().getTime() - 3_600_000) }));
    });
    const input: PlaceCampaignCallsInput = {
      projectId: r.project.id,
      agentId: r.agent.id,
      initialGreeting: 'Hello {{firstName}}',
      systemPrompt: null,
      voice: null,
      origin: { actor: SYSTEM_ACTOR, path: 'campaign dial', campaignId: 'cmp_1' },
      calls: [SUPPRESSED, CAPPED, FIRST, FIRST, SECOND, THIRD].map((toNumber, i) => ({ toNumber, fromNumberId: null, variables: { firstName: `P${i}` } })),
    };

    const placed = await r.placeCampaignCalls.execute(input)();

    if (E.isLeft(placed)) throw new Error(placed.left._tag);
    const how = placed.right.map((result) => (E.isRight(result) ? 'placed' : result.left._tag === 'ComplianceRefused' ? result.left.reason : result.left._tag));
    // The second call to FIRST is over the cap its first one just used; THIRD finds both slots taken.
    expect(how).toEqual(['suppressed', 'attempt_cap', 'placed', 'attempt_cap', 'placed', 'RateLimited']);
    expect(r.telephony.placedCalls.map((c) => [c.to, c.greeting])).toEqual([
      [FIRST, 'Hello P2'],
      [SECOND, 'Hello P4'],
    ]);
    for (const result of placed.right.filter(E.isRight)) {
      const stored = await r.read((tx) => tx.calls.findById(r.project.id, result.right.id));
      expect(stored).toMatchObject({ status: 'in-progress', providerCallId: expect.any(String), toNumber: result.right.toNumber });
      expect(stored?.providerCallId).toBe(r.telephony.placedCalls.find((c) => c.callId === result.right.id)?.providerCallId);
    }
    const trail = await inMemoryAuditEventQuery(uow).page(r.project.id, { limit: 10, offset: 0, filter: { kind: null, phoneNumber: null, since: null, until: null } });
    expect(trail.items.map((e) => [e.phoneNumber, e.reason, e.details]).sort()).toEqual(
      [
        [CAPPED, 'ATTEMPT_CAP_REACHED', expect.objectContaining({ path: 'campaign dial', campaignId: 'cmp_1' })],
        [FIRST, 'ATTEMPT_CAP_REACHED', expect.objectContaining({ path: 'campaign dial', campaignId: 'cmp_1' })],
        [SUPPRESSED, 'CONTACT_SUPPRESSED', expect.objectContaining({ path: 'campaign dial', campaignId: 'cmp_1' })],
      ].sort(),
    );
  });

  it('refuses the whole round for an agent that is gone', async () => {
    const r = await aCampaignRig({ uow: new InMemoryUnitOfWork() });
    const placed = await r.placeCampaignCalls.execute({
      projectId: r.project.id,
      agentId: 'agt_gone',
      initialGreeting: null,
      systemPrompt: null,
      voice: null,
      origin: { actor: SYSTEM_ACTOR, path: 'campaign dial', campaignId: 'cmp_1' },
      calls: [{ toNumber: FIRST, fromNumberId: null, variables: {} }],
    })();
    expect(E.isLeft(placed) && placed.left._tag).toBe('NotFound');
    expect(r.telephony.placedCalls).toEqual([]);
  });
});
