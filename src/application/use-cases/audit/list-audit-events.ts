import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuditEvent } from '../../../domain/audit-event.js';
import { validation, type Validation } from '../../errors.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { AuditEventFilter, AuditEventQuery } from '../../queries/audit-event-query.js';

export type ListAuditEventsError = Validation;

/** The project's audit trail, newest first, what the filter keeps. */
export class ListAuditEvents {
  constructor(private readonly deps: { readonly auditEvents: AuditEventQuery }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest; readonly filter: AuditEventFilter }): TE.TaskEither<ListAuditEventsError, Page<AuditEvent>> {
    return async () => {
      const { since, until } = input.filter;
      if (since !== null && until !== null && since.getTime() >= until.getTime()) return E.left(validation('until', 'must be after since'));
      return E.right(await this.deps.auditEvents.page(input.projectId, { ...input.page, filter: input.filter }));
    };
  }
}
