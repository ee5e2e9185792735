import { ledgerAccountFor } from '../../../domain/project.js';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { credit, type LedgerEntry } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import { notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';

export interface CreditedAccount {
  readonly entry: LedgerEntry;
  readonly balanceCents: Cents;
}

export type CreditAccountError = Validation | NotFound;

/** The operator tops up a project's balance (a payment received, a goodwill credit). */
export class CreditAccount {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly amount: Cents; readonly reason: string | null }): TE.TaskEither<CreditAccountError, CreditedAccount> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<CreditAccountError, CreditedAccount>> => {
        if (!Number.isInteger(input.amount) || input.amount <= 0) return E.left(validation('amount', 'must be a positive amount'));
        const project = await tx.projects.lockById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const entry = credit({
          id: ids.next('led'),
          projectId: ledgerAccountFor(project),
          amount: input.amount,
          reason: 'top_up',
          resourceId: null,
          note: input.reason?.trim() || null,
          createdAt: clock.now(),
        });
        await tx.ledger.append(entry);
        return E.right({ entry, balanceCents: await tx.ledger.balanceOf(ledgerAccountFor(project)) });
      });
  }
}
