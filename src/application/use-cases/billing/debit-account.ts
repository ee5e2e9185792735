import { ledgerAccountFor } from '../../../domain/project.js';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { charge } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import { notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import type { CreditedAccount } from './credit-account.js';

export type DebitAccountError = Validation | NotFound;

/**
 * The operator takes an amount off a project's balance (a correction, a refund reversed), with
 * the reason in the ledger. The balance may go negative, as with renewals: provisioning is then
 * refused until it is topped up.
 */
export class DebitAccount {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly amount: Cents; readonly reason: string }): TE.TaskEither<DebitAccountError, CreditedAccount> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<DebitAccountError, CreditedAccount>> => {
        if (!Number.isInteger(input.amount) || input.amount <= 0) return E.left(validation('amount', 'must be a positive amount'));
        const note = input.reason.trim();
        if (note === '') return E.left(validation('reason', 'is required for a debit', 'missing'));
        const project = await tx.projects.lockById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const entry = charge({
          id: ids.next('led'),
          projectId: ledgerAccountFor(project),
          price: input.amount,
          reason: 'adjustment',
          resourceId: null,
          note,
          createdAt: clock.now(),
        });
        await tx.ledger.append(entry);
        return E.right({ entry, balanceCents: await tx.ledger.balanceOf(ledgerAccountFor(project)) });
      });
  }
}
