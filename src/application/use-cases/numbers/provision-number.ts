import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Country } from '../../../domain/country.js';
import type { Cents } from '../../../domain/money.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { canProvisionNumber, ledgerAccountFor } from '../../../domain/project.js';
import { fromDomain, notFound, type InsufficientBalance, type NotFound, type NumberLimitReached } from '../../errors.js';
import type { SenderPool } from '../../messaging/sender-pool.js';
import type { Repositories } from '../../ports/repositories.js';
import type { NumberWebhooks, PurchasedNumber, Telephony } from '../../ports/telephony.js';
import type { CoreDeps } from '../common/deps.js';
import { recordNumber, withPurchasedNumber, type PurchaseError, type RecordNumberError } from './number-provisioning.js';

export interface ProvisionNumberInput {
  readonly projectId: string;
  readonly country: Country;
  readonly areaCode: string | null;
  /** Attach the new number to this agent as well. */
  readonly agentId: string | null;
}

export interface ProvisionNumberDeps extends CoreDeps {
  readonly telephony: Telephony;
  readonly webhooks: NumberWebhooks;
  readonly numberMonthlyPrice: Cents;
  /** A number bought after the project registered for A2P 10DLC joins the registration's sender pool. */
  readonly senderPool: SenderPool;
}

/** Refused before the purchase (or re-checked under the lock after it), by the carrier, or on storing. */
export type ProvisionNumberError = NotFound | NumberLimitReached | InsufficientBalance | PurchaseError | RecordNumberError;

/** What refuses a purchase before the carrier is asked: no such project or agent, the number limit, the balance. */
export type ProvisioningRefusal = NotFound | NumberLimitReached | InsufficientBalance;
type Refusal = ProvisioningRefusal;

/**
 * Whether `input` may buy a number now: the project and agent exist, and the limit and balance
 * (of the ledger it draws on) allow it. Answers that balance.
 */
export const checkProvisioningAllowed = async (
  tx: Repositories,
  input: ProvisionNumberInput,
  monthlyPrice: Cents,
): Promise<E.Either<ProvisioningRefusal, Cents>> => {
  const project = await tx.projects.findById(input.projectId);
  if (!project) return E.left(notFound('project', input.projectId));
  if (input.agentId && !(await tx.agents.findById(input.projectId, input.agentId))) {
    return E.left(notFound('agent', input.agentId));
  }
  const count = await tx.numbers.countEverProvisioned(project.id);
  const balance = await tx.ledger.balanceOf(ledgerAccountFor(project));
  return pipe(canProvisionNumber(project, count, balance, monthlyPrice), E.bimap(fromDomain, () => balance));
};

/**
 * The spec's five steps: check the limit (and balance), search, purchase, configure the
 * webhooks, store (with the first month's charge). Anything failing after the purchase
 * releases the number at the carrier, so nothing is held that the project does not own. A
 * bought number then joins the project's A2P 10DLC sender pool, if it has one.
 */
export class ProvisionNumber {
  constructor(private readonly deps: ProvisionNumberDeps) {}

  execute(input: ProvisionNumberInput): TE.TaskEither<ProvisionNumberError, PhoneNumber> {
    return async () => {
      const allowed = await this.deps.uow.transaction((tx) => checkProvisioningAllowed(tx, input, this.deps.numberMonthlyPrice));
      if (E.isLeft(allowed)) return allowed;
      const bought = await withPurchasedNumber(this.deps, input, (purchased) =>
        this.deps.uow.transaction((tx) => this.store(tx, input, purchased)),
      );
      if (E.isRight(bought)) await this.deps.senderPool.fill(input.projectId);
      return bought;
    };
  }

  private async store(
    tx: Repositories,
    input: ProvisionNumberInput,
    purchased: PurchasedNumber,
  ): Promise<E.Either<Refusal | RecordNumberError, PhoneNumber>> {
    // Re-checked under the project's lock: a concurrent provisioning may have used the room.
    const project = await tx.projects.lockById(input.projectId);
    if (!project) return E.left(notFound('project', input.projectId));
    // A shared balance is the parent's: its lock too (always child, then parent), so sibling
    // sub-accounts buying at once cannot both spend the same last dollars.
    const account = ledgerAccountFor(project);
    if (account !== project.id) await tx.projects.lockById(account);
    const count = await tx.numbers.countEverProvisioned(project.id);
    const balance = await tx.ledger.balanceOf(account);
    const allowed = canProvisionNumber(project, count, balance, this.deps.numberMonthlyPrice);
    if (E.isLeft(allowed)) return E.left(fromDomain(allowed.left));
    const agent = input.agentId ? await tx.agents.findById(project.id, input.agentId) : null;
    if (input.agentId && !agent) return E.left(notFound('agent', input.agentId));
    return recordNumber(tx, this.deps, { projectId: project.id, ledgerAccountId: account, country: input.country, agent, purchased });
  }
}
