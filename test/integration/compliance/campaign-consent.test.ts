import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import type { ConsentBasis } from '../../../src/domain/consent.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { aContact } from '../../support/builders.js';
import { aCampaignRig } from '../../support/campaign-rig.js';

const WRITTEN = trustE164('+12125550101');
const SPOKEN = trustE164('+12125550102');
const UNKNOWN = trustE164('+12125550103');
const TEXTS_ONLY = trustE164('+12125550104');

const consentOf = (basis: ConsentBasis) => ({ basis, source: 'web form', capturedAt: null, evidence: null });

describe('a campaign that requires consent', () => {
  it('calls only recipients whose contact has that consent for calls on record, and skips the rest as no_consent', async () => {
    const r = await aCampaignRig({ uow: new InMemoryUnitOfWork() });
    await r.read(async (tx) => {
      await tx.contacts.save(aContact({ projectId: r.project.id, phoneNumber: WRITTEN, consent: { voice: consentOf('express_written'), sms: null } }));
      await tx.contacts.save(aContact({ projectId: r.project.id, phoneNumber: SPOKEN, consent: { voice: consentOf('express'), sms: null } }));
      await tx.contacts.save(aContact({ projectId: r.project.id, phoneNumber: TEXTS_ONLY, consent: { voice: null, sms: consentOf('express_written') } }));
    });
    const campaign = await r.startCampaign([WRITTEN, SPOKEN, UNKNOWN, TEXTS_ONLY], { requireConsent: 'express_written' });

    await r.engine.runRound();

    expect(r.telephony.placedCalls.map((c) => c.to)).toEqual([WRITTEN]);
    const skipped = Object.fromEntries((await r.recipients(campaign)).map(({ recipient }) => [recipient.phoneNumber, recipient.skipReason]));
    expect(skipped).toEqual({ [WRITTEN]: null, [SPOKEN]: 'no_consent', [UNKNOWN]: 'no_consent', [TEXTS_ONLY]: 'no_consent' });
  });

  it('takes a stronger basis than the one required', async () => {
    const r = await aCampaignRig({ uow: new InMemoryUnitOfWork() });
    await r.read((tx) => tx.contacts.save(aContact({ projectId: r.project.id, phoneNumber: WRITTEN, consent: { voice: consentOf('express_written'), sms: null } })));
    await r.startCampaign([WRITTEN, UNKNOWN], { requireConsent: 'existing_relationship' });

    await r.engine.runRound();

    expect(r.telephony.placedCalls.map((c) => c.to)).toEqual([WRITTEN]);
  });
});
