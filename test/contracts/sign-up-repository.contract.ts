import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { cents } from '../../src/domain/money.js';
import type { SignUp } from '../../src/domain/sign-up.js';
import { aLedgerEntry, aSignUp, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const at = (iso: string): Date => new Date(iso);

/** Sign-up storage and the ledger's billing queries, on every storage adapter. */
export const signUpRepositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} sign-up and billing storage`, () => {
    const { store, inTx } = useStore(open);

    describe('SignUpRepository', () => {
      it('stores a sign-up and finds it by id, plain or locked', async () => {
        const signUp = aSignUp({ agentName: null });

        await inTx((tx) => tx.signUps.save(signUp));

        expect(await inTx((tx) => tx.signUps.findById(signUp.id))).toEqual(signUp);
        expect(await inTx((tx) => tx.signUps.lockById(signUp.id))).toEqual(signUp);
      });

      it('answers null for an unknown id', async () => {
        expect(await inTx((tx) => tx.signUps.findById('ver_unknown'))).toBeNull();
        expect(await inTx((tx) => tx.signUps.lockById('ver_unknown'))).toBeNull();
      });

      it('overwrites on save: attempts, then completion', async () => {
        const signUp = aSignUp();
        await inTx((tx) => tx.signUps.save(signUp));
        const completed: SignUp = { ...signUp, attempts: 2, status: 'verified', projectId: 'proj_1', verifiedAt: at('2026-01-01T00:05:00.456Z') };

        await inTx((tx) => tx.signUps.save(completed));

        expect(await inTx((tx) => tx.signUps.findById(signUp.id))).toEqual(completed);
      });

      it('deletes', async () => {
        const signUp = aSignUp();
        await inTx((tx) => tx.signUps.save(signUp));

        await inTx((tx) => tx.signUps.delete(signUp.id));

        expect(await inTx((tx) => tx.signUps.findById(signUp.id))).toBeNull();
      });

      // Each deleteExpired test works in a year of its own, earlier than those of the tests
      // before it, so whatever the other tests leave in the store expires after its cut-off.
      describe('deleteExpired', () => {
        const ids = (rows: readonly SignUp[]) => rows.map((r) => r.id);
        /** Ids of `rows` still stored, in the order given (one query at a time: a unit of work is one connection). */
        const found = (rows: readonly SignUp[]) =>
          inTx(async (tx) => {
            const kept: string[] = [];
            for (const { id } of rows) if (await tx.signUps.findById(id)) kept.push(id);
            return kept;
          });

        it('deletes the pending sign-ups that expired strictly before the cut-off and says how many', async () => {
          const before = at('2003-06-01T12:00:00.500Z');
          const expired = [
            aSignUp({ expiresAt: at('2003-06-01T12:00:00.499Z') }),
            aSignUp({ expiresAt: at('2003-05-01T00:00:00.000Z'), attempts: 3 }),
          ];
          const live = [
            aSignUp({ expiresAt: before }),
            aSignUp({ expiresAt: at('2003-06-01T12:00:00.501Z'), attempts: 1 }),
            aSignUp({ expiresAt: at('2003-07-01T00:00:00.000Z') }),
          ];
          await inTx(async (tx) => {
            for (const s of [...expired, ...live]) await tx.signUps.save(s);
          });

          const deleted = await inTx((tx) => tx.signUps.deleteExpired(before, 100));

          expect(deleted).toBe(2);
          expect(await found(expired)).toEqual([]);
          expect(await found(live)).toEqual(ids(live));
          expect(await inTx((tx) => tx.signUps.findById(live[1]!.id))).toEqual(live[1]);
          expect(await inTx((tx) => tx.signUps.lockById(live[2]!.id))).toEqual(live[2]);
        });

        it('keeps verified sign-ups however long ago their code expired', async () => {
          const verified = aSignUp({
            expiresAt: at('2002-01-01T00:10:00.000Z'),
            status: 'verified',
            projectId: 'proj_kept',
            verifiedAt: at('2002-01-01T00:05:00.000Z'),
          });
          const pending = aSignUp({ expiresAt: at('2002-01-01T00:10:00.000Z') });
          await inTx(async (tx) => {
            await tx.signUps.save(verified);
            await tx.signUps.save(pending);
          });

          expect(await inTx((tx) => tx.signUps.deleteExpired(at('2002-12-31T00:00:00.000Z'), 100))).toBe(1);

          expect(await inTx((tx) => tx.signUps.findById(verified.id))).toEqual(verified);
          expect(await inTx((tx) => tx.signUps.findById(pending.id))).toBeNull();
        });

        it('deletes at most `limit` at a time, oldest expiry first, until none are left', async () => {
          const before = at('2001-12-31T00:00:00.000Z');
          const expired = [5, 3, 1, 4, 2].map((day) => aSignUp({ expiresAt: at(`2001-01-0${day}T00:00:00.000Z`) }));
          const live = aSignUp({ expiresAt: at('2001-12-31T00:00:00.001Z') });
          await inTx(async (tx) => {
            for (const s of [...expired, live]) await tx.signUps.save(s);
          });
          const byExpiry = [...expired].sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());

          expect(await inTx((tx) => tx.signUps.deleteExpired(before, 2))).toBe(2);
          expect(await found(byExpiry)).toEqual(ids(byExpiry.slice(2)));
          expect(await inTx((tx) => tx.signUps.deleteExpired(before, 2))).toBe(2);
          expect(await found(byExpiry)).toEqual(ids(byExpiry.slice(4)));
          expect(await inTx((tx) => tx.signUps.deleteExpired(before, 2))).toBe(1);
          expect(await inTx((tx) => tx.signUps.deleteExpired(before, 2))).toBe(0);

          expect(await found(expired)).toEqual([]);
          expect(await inTx((tx) => tx.signUps.findById(live.id))).toEqual(live);
        });

        it('deletes nothing of a unit of work that ends in a Left', async () => {
          const expired = aSignUp({ expiresAt: at('2000-01-01T00:00:00.000Z') });
          await inTx((tx) => tx.signUps.save(expired));

          await store().uow.transaction(async (tx) => {
            await tx.signUps.deleteExpired(at('2000-06-01T00:00:00.000Z'), 10);
            return E.left('no');
          });

          expect(await inTx((tx) => tx.signUps.findById(expired.id))).toEqual(expired);
        });
      });

      it('keeps nothing of a unit of work that ends in a Left', async () => {
        const signUp = aSignUp();

        await store().uow.transaction(async (tx) => {
          await tx.signUps.save(signUp);
          return E.left('no');
        });

        expect(await inTx((tx) => tx.signUps.findById(signUp.id))).toBeNull();
      });
    });

    describe('LedgerRepository billing queries', () => {
      it('says a resource is paid through the latest period end of its project’s charges', async () => {
        const projectId = newId('proj');
        const resourceId = newId('num');
        await inTx(async (tx) => {
          await tx.ledger.append(aLedgerEntry({ projectId, resourceId, periodEnd: at('2026-02-01T00:00:00.123Z') }));
          await tx.ledger.append(aLedgerEntry({ projectId, resourceId, periodEnd: at('2026-03-01T00:00:00.123Z') }));
          await tx.ledger.append(aLedgerEntry({ projectId, resourceId, periodEnd: null }));
          await tx.ledger.append(aLedgerEntry({ projectId, resourceId: newId('num'), periodEnd: at('2027-01-01T00:00:00.000Z') }));
          await tx.ledger.append(aLedgerEntry({ resourceId, periodEnd: at('2028-01-01T00:00:00.000Z') })); // another project
        });

        expect(await inTx((tx) => tx.ledger.paidThrough(projectId, resourceId))).toEqual(at('2026-03-01T00:00:00.123Z'));
      });

      it('says null for a resource without periods', async () => {
        const projectId = newId('proj');
        await inTx((tx) => tx.ledger.append(aLedgerEntry({ projectId, resourceId: 'num_x', periodEnd: null })));

        expect(await inTx((tx) => tx.ledger.paidThrough(projectId, 'num_x'))).toBeNull();
        expect(await inTx((tx) => tx.ledger.paidThrough(projectId, 'num_none'))).toBeNull();
      });

      it('sums the charges since a date as a positive amount, credits and older charges left out', async () => {
        const projectId = newId('proj');
        const since = at('2026-04-01T00:00:00.000Z');
        await inTx(async (tx) => {
          await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(-300), createdAt: at('2026-03-31T23:59:59.999Z') }));
          await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(-300), createdAt: since }));
          await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(-500), createdAt: at('2026-04-20T00:00:00.000Z') }));
          await tx.ledger.append(aLedgerEntry({ projectId, amountCents: cents(1000), reason: 'top_up', createdAt: at('2026-04-21T00:00:00.000Z') }));
          await tx.ledger.append(aLedgerEntry({ amountCents: cents(-700), createdAt: at('2026-04-21T00:00:00.000Z') })); // another project
        });

        expect(await inTx((tx) => tx.ledger.chargesSince(projectId, since))).toBe(800);
        expect(await inTx((tx) => tx.ledger.chargesSince(newId('proj'), since))).toBe(0);
      });
    });
  });
};
