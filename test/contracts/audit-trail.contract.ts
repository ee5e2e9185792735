import { describe, expect, it } from 'vitest';
import type { AuditEventFilter } from '../../src/application/queries/audit-event-query.js';
import { aConsentAuditEvent, aRefusalAuditEvent, aSuppressionAuditEvent } from '../support/audit-builders.js';
import { at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const everything: AuditEventFilter = { kind: null, phoneNumber: null, since: null, until: null };

/** The audit trail's write port (AuditTrail), asserted through its query on every storage adapter. */
export const auditTrailContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} audit trail`, () => {
    const { inTx, queries, read } = useStore(open);

    it('keeps each kind of event with its actor and details as recorded', async () => {
      const projectId = newId('prj');
      const events = [
        aSuppressionAuditEvent({ projectId, occurredAt: at(1), kind: 'suppression.removed', channel: 'voice', reason: null }),
        aConsentAuditEvent({ projectId, occurredAt: at(2), details: { contactId: newId('ctc'), previousBasis: 'express', newBasis: null } }),
        aRefusalAuditEvent({ projectId, occurredAt: at(3), actor: { type: 'caller', callId: newId('call'), conversationId: null, words: 'STOP "now", please' } }),
        aSuppressionAuditEvent({ projectId, occurredAt: at(4), actor: { type: 'caller', callId: null, conversationId: newId('conv'), words: 'STOP' }, details: { source: 'sms_keyword' } }),
      ];
      await inTx(async (tx) => {
        for (const event of events) await tx.auditTrail.record(event);
      });

      const page = await read(() => queries().auditEvents.page(projectId, { limit: 10, offset: 0, filter: everything }));

      expect(page).toEqual({ items: [...events].reverse(), total: 4 });
    });

    it('records nothing when its unit of work rolls back', async () => {
      const event = aSuppressionAuditEvent();
      await expect(
        inTx(async (tx) => {
          await tx.auditTrail.record(event);
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');

      expect(await read(() => queries().auditEvents.page(event.projectId, { limit: 10, offset: 0, filter: everything }))).toEqual({ items: [], total: 0 });
    });
  });
};
