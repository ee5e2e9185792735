import { ledgerAccountFor } from '../../../domain/project.js';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { charge } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import { notFound, providerError, type InsufficientBalance, type NotFound, type ProviderError } from '../../errors.js';
import type { CarrierLookup, NumberingFacts, NumberingPlan } from '../../ports/number-lookup.js';
import type { CoreDeps } from '../common/deps.js';

export interface LookupNumberInput {
  readonly projectId: string;
  /** As the client wrote it: E.164, or national digits of `country`. */
  readonly number: string;
  /** The country national digits are read in (ISO 3166-1 alpha-2). */
  readonly country: string;
}

export interface NumberLookupAnswer extends NumberingFacts {
  readonly input: string;
  /** `numbering_plan`: this machine's data only; `carrier`: the line type and carrier from the carrier network too. */
  readonly source: 'numbering_plan' | 'carrier';
  /** What the look-up cost the project (charged to its balance); 0 for the numbering plan. */
  readonly costCents: Cents;
}

export interface LookupNumberDeps extends CoreDeps {
  readonly plan: NumberingPlan;
  /** Absent: the numbering plan answers alone (no carrier account, or the simulated carrier). */
  readonly carrier: CarrierLookup | null;
  /** Charged for each carrier look-up. */
  readonly price: Cents;
}

export type LookupNumberError = NotFound | InsufficientBalance | ProviderError;

/**
 * Says what a number is: the numbering plan always (free), and where a carrier look-up is
 * configured, its line type and carrier after porting, charged to the project as the carrier
 * charges the operator. A number the plan calls invalid is never sent to the carrier.
 */
export class LookupNumber {
  constructor(private readonly deps: LookupNumberDeps) {}

  execute(input: LookupNumberInput): TE.TaskEither<LookupNumberError, NumberLookupAnswer> {
    const { uow, plan, carrier, price } = this.deps;
    return async () => {
      const balance = await uow.transaction(async (tx) => {
        const project = await tx.projects.findById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const account = ledgerAccountFor(project);
        return E.right({ account, balance: await tx.ledger.balanceOf(account) });
      });
      if (E.isLeft(balance)) return balance;
      const facts = await plan.read(input.number, input.country);
      const offline: NumberLookupAnswer = { ...facts, input: input.number, source: 'numbering_plan', costCents: 0 as Cents };
      if (!carrier || !facts.valid || facts.e164 === null) return E.right(offline);
      if (balance.right.balance < price) return E.left({ _tag: 'InsufficientBalance', balanceCents: balance.right.balance, requiredCents: price });
      const line = await carrier.lookup(facts.e164);
      if (E.isLeft(line)) return E.left(providerError(line.left));
      await this.record(balance.right.account, facts.e164);
      return E.right({
        ...offline,
        lineType: line.right.lineType,
        carrier: line.right.carrier ?? facts.carrier,
        source: 'carrier',
        costCents: price,
      });
    };
  }

  /** Charges the look-up to the ledger the project draws on. */
  private async record(projectId: string, number: string): Promise<void> {
    const { uow, clock, ids, price } = this.deps;
    if (price === 0) return;
    await uow.transaction(async (tx) => {
      await tx.ledger.append(charge({ id: ids.next('led'), projectId, reason: 'number_lookup', resourceId: null, price, note: `look-up of ${number}`, createdAt: clock.now() }));
      return E.right(undefined);
    });
  }
}
