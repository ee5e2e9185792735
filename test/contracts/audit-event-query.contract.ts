import { describe, expect, it } from 'vitest';
import type { AuditEventFilter } from '../../src/application/queries/audit-event-query.js';
import type { AuditEvent } from '../../src/domain/audit-event.js';
import { aConsentAuditEvent, aRefusalAuditEvent, aSuppressionAuditEvent } from '../support/audit-builders.js';
import { at, newId, newNumber } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const everything: AuditEventFilter = { kind: null, phoneNumber: null, since: null, until: null };

/** The audit trail's read side (AuditEventQuery), on every storage adapter. */
export const auditEventQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} audit event query`, () => {
    const { inTx, queries, read } = useStore(open);
    const recordAll = (events: readonly AuditEvent[]) =>
      inTx(async (tx) => {
        for (const event of events) await tx.auditTrail.record(event);
      });
    const pageOf = (projectId: string, request: Partial<AuditEventFilter> & { limit?: number; offset?: number } = {}) =>
      read(() => queries().auditEvents.page(projectId, { limit: request.limit ?? 10, offset: request.offset ?? 0, filter: { ...everything, ...request } }));

    it('pages newest first, ties by id, with the total, a page past the last one included', async () => {
      const projectId = newId('prj');
      const [a, b, c] = [1, 2, 2].map((second, i) => aSuppressionAuditEvent({ projectId, occurredAt: at(second), id: `aud_${i}` })) as [AuditEvent, AuditEvent, AuditEvent];
      await recordAll([b, a, c]);

      expect(await pageOf(projectId, { limit: 2 })).toEqual({ items: [c, b], total: 3 });
      expect(await pageOf(projectId, { limit: 2, offset: 2 })).toEqual({ items: [a], total: 3 });
      expect(await pageOf(projectId, { limit: 2, offset: 5 })).toEqual({ items: [], total: 3 });
    });

    it('keeps one kind, one number, and a time range from since (included) to until (not)', async () => {
      const projectId = newId('prj');
      const number = newNumber();
      const added = aSuppressionAuditEvent({ projectId, phoneNumber: number, occurredAt: at(1) });
      const consent = aConsentAuditEvent({ projectId, phoneNumber: number, occurredAt: at(2) });
      const refused = aRefusalAuditEvent({ projectId, occurredAt: at(3) });
      await recordAll([added, consent, refused]);

      expect((await pageOf(projectId, { kind: 'attempt.refused' })).items).toEqual([refused]);
      expect(await pageOf(projectId, { phoneNumber: number })).toEqual({ items: [consent, added], total: 2 });
      expect((await pageOf(projectId, { since: at(2), until: at(3) })).items).toEqual([consent]);
      expect((await pageOf(projectId, { kind: 'suppression.removed' })).items).toEqual([]);
    });

    it('never shows a project another project\'s events', async () => {
      const mine = aRefusalAuditEvent();
      const theirs = aRefusalAuditEvent({ phoneNumber: mine.phoneNumber });
      await recordAll([mine, theirs]);

      expect(await pageOf(mine.projectId)).toEqual({ items: [mine], total: 1 });
      expect(await pageOf(theirs.projectId, { phoneNumber: mine.phoneNumber })).toEqual({ items: [theirs], total: 1 });
    });
  });
};
