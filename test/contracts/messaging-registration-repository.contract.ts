import { describe, expect, it } from 'vitest';
import { at } from '../support/builders.js';
import { aBrand, aRegistration } from '../support/registration-builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

/** A2P 10DLC registrations, asserted through their port on every storage adapter. */
export const messagingRegistrationRepositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} messaging registrations`, () => {
    const { inTx } = useStore(open);

    it('finds nothing for a project that never registered', async () => {
      expect(await inTx((r) => r.messagingRegistrations.find('prj_never'))).toBeNull();
    });

    it('keeps every field as saved, the business and the campaign whole', async () => {
      const registration = aRegistration({
        brand: aBrand({ companyType: 'public', stockExchange: 'NASDAQ', stockTicker: 'ACME' }),
        references: { customerProfile: 'BU1', trustProduct: 'BU2', brandRegistration: 'BN1', messagingService: 'MG1' },
        senders: ['+14155550100', '+14155550111'],
      });
      await inTx((tx) => tx.messagingRegistrations.save(registration));

      expect(await inTx((r) => r.messagingRegistrations.find(registration.projectId))).toEqual(registration);
      expect(await inTx((tx) => tx.messagingRegistrations.find(registration.projectId))).toEqual(registration);
    });

    it("replaces the project's registration on a second save, and leaves other projects' alone", async () => {
      const first = aRegistration();
      const other = aRegistration();
      await inTx(async (tx) => {
        await tx.messagingRegistrations.save(first);
        await tx.messagingRegistrations.save(other);
      });
      const approved = { ...first, status: 'approved' as const, brandStatus: 'APPROVED', campaignStatus: 'VERIFIED', references: { ...first.references, campaign: 'QE1' }, checkedAt: at(60) };

      await inTx((tx) => tx.messagingRegistrations.save(approved));

      expect(await inTx((r) => r.messagingRegistrations.find(first.projectId))).toEqual(approved);
      expect(await inTx((r) => r.messagingRegistrations.find(other.projectId))).toEqual(other);
    });

    it('keeps nothing of a unit of work that rolls back', async () => {
      const registration = aRegistration();
      await expect(
        inTx(async (tx) => {
          await tx.messagingRegistrations.save(registration);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');

      expect(await inTx((r) => r.messagingRegistrations.find(registration.projectId))).toBeNull();
    });
  });
};
