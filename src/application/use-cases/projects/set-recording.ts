import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { addMonths } from '../../../domain/billing.js';
import { charge, type LedgerEntry } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import { ledgerAccountFor, setRecording, type Project } from '../../../domain/project.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';

export interface RecordingChange {
  readonly project: Project;
  /** The month charged by turning the add-on on; null when nothing was charged. */
  readonly charge: LedgerEntry | null;
}

export type SetRecordingError = NotFound;

/**
 * The operator turns the recording add-on on or off. Billing as BillingClock does it: the
 * add-on is paid month by month from the day it is turned on (resource = the project). Turning
 * it on charges the first month at once, unless a month already paid is still running (it was
 * turned off and on again); turning it off charges nothing and refunds nothing, and the clock
 * stops renewing it. Like a renewal, the charge may take the balance below zero.
 */
export class SetRecording {
  constructor(private readonly deps: CoreDeps & { readonly recordingMonthlyPrice: Cents }) {}

  execute(input: { readonly projectId: string; readonly enabled: boolean }): TE.TaskEither<SetRecordingError, RecordingChange> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const project = await tx.projects.lockById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const now = clock.now();
        const changed = setRecording(project, input.enabled, now);
        if (changed === project) return E.right({ project, charge: null });
        await tx.projects.save(changed);
        if (!input.enabled) return E.right({ project: changed, charge: null });
        const account = ledgerAccountFor(project);
        const paidThrough = await tx.ledger.paidThrough(account, project.id);
        if (paidThrough && paidThrough.getTime() > now.getTime()) return E.right({ project: changed, charge: null });
        const entry = charge({
          id: ids.next('led'),
          projectId: account,
          price: this.deps.recordingMonthlyPrice,
          reason: 'recording_renewal',
          resourceId: project.id,
          periodEnd: addMonths(now, 1),
          note: 'recording add-on turned on',
          createdAt: now,
        });
        await tx.ledger.append(entry);
        return E.right({ project: changed, charge: entry });
      });
  }
}
