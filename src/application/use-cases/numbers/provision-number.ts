import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Country } from '../../../domain/country.js';
import { charge } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import { attachTo, type PhoneNumber } from '../../../domain/phone-number.js';
import { canProvisionNumber } from '../../../domain/project.js';
import { fromDomain, notFound, type AppError } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';
import { NUMBER_NOT_AVAILABLE, type NumberWebhooks, type PurchasedNumber, type Telephony } from '../../ports/telephony.js';
import type { CoreDeps } from '../shared/deps.js';

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
}

/** Candidates tried when a number is sold to someone else between search and purchase. */
const PURCHASE_ATTEMPTS = 3;

/**
 * The spec's five steps: check the limit (and balance), search, purchase, configure the
 * webhooks, store (with the first month's charge). Anything failing after the purchase
 * releases the number at the carrier, so nothing is held that the project does not own.
 */
export class ProvisionNumber {
  constructor(private readonly deps: ProvisionNumberDeps) {}

  execute(input: ProvisionNumberInput): TE.TaskEither<AppError, PhoneNumber> {
    return async () => {
      const allowed = await this.deps.uow.transaction((tx) => this.checkAllowed(tx, input));
      if (E.isLeft(allowed)) return allowed;
      const purchased = await this.purchase(input);
      if (E.isLeft(purchased)) return purchased;
      try {
        const configured = await this.deps.telephony.configureNumber(purchased.right.providerId, this.deps.webhooks);
        if (E.isLeft(configured)) return await this.undo(purchased.right, providerError(configured.left));
        const stored = await this.deps.uow.transaction((tx) => this.store(tx, input, purchased.right));
        return E.isLeft(stored) ? await this.undo(purchased.right, stored.left) : stored;
      } catch (error) {
        await this.deps.telephony.releaseNumber(purchased.right.providerId);
        throw error;
      }
    };
  }

  private async checkAllowed(tx: Repositories, input: ProvisionNumberInput): Promise<E.Either<AppError, void>> {
    const project = await tx.projects.findById(input.projectId);
    if (!project) return E.left(notFound('project', input.projectId));
    if (input.agentId && !(await tx.agents.findById(input.projectId, input.agentId))) {
      return E.left(notFound('agent', input.agentId));
    }
    const count = await tx.numbers.countEverProvisioned(project.id);
    const balance = await tx.ledger.balanceOf(project.id);
    return E.mapLeft(fromDomain)(canProvisionNumber(project, count, balance, this.deps.numberMonthlyPrice));
  }

  private async purchase(input: ProvisionNumberInput): Promise<E.Either<AppError, PurchasedNumber>> {
    const { telephony, webhooks } = this.deps;
    const found = await telephony.searchNumbers({
      country: input.country,
      areaCode: input.areaCode,
      limit: PURCHASE_ATTEMPTS,
    });
    if (E.isLeft(found)) return E.left(providerError(found.left));
    if (found.right.length === 0) {
      return E.left({ _tag: 'NoNumbersAvailable', country: input.country, areaCode: input.areaCode });
    }
    let lastFailure: AppError = { _tag: 'NoNumbersAvailable', country: input.country, areaCode: input.areaCode };
    for (const candidate of found.right) {
      const bought = await telephony.purchaseNumber(candidate.phoneNumber, webhooks);
      if (E.isRight(bought)) return bought;
      lastFailure = providerError(bought.left);
      if (bought.left.providerCode !== NUMBER_NOT_AVAILABLE) break; // only a sold-out candidate is worth another try
    }
    return E.left(lastFailure);
  }

  private async store(
    tx: Repositories,
    input: ProvisionNumberInput,
    purchased: PurchasedNumber,
  ): Promise<E.Either<AppError, PhoneNumber>> {
    const { clock, ids, numberMonthlyPrice } = this.deps;
    // Re-checked under the project's lock: a concurrent provisioning may have used the room.
    const project = await tx.projects.lockById(input.projectId);
    if (!project) return E.left(notFound('project', input.projectId));
    const count = await tx.numbers.countEverProvisioned(project.id);
    const balance = await tx.ledger.balanceOf(project.id);
    const allowed = canProvisionNumber(project, count, balance, numberMonthlyPrice);
    if (E.isLeft(allowed)) return E.left(fromDomain(allowed.left));
    const now = clock.now();
    let number: PhoneNumber = {
      id: ids.next('num'),
      projectId: project.id,
      phoneNumber: purchased.phoneNumber,
      country: input.country,
      status: 'active',
      agentId: null,
      providerId: purchased.providerId,
      createdAt: now,
      releasedAt: null,
    };
    if (input.agentId) {
      const agent = await tx.agents.findById(project.id, input.agentId);
      if (!agent) return E.left(notFound('agent', input.agentId));
      const attached = attachTo(number, agent);
      if (E.isLeft(attached)) return E.left(fromDomain(attached.left));
      number = attached.right;
    }
    await tx.numbers.save(number);
    await tx.ledger.append(
      charge({
        id: ids.next('led'),
        projectId: project.id,
        price: numberMonthlyPrice,
        reason: 'number_first_month',
        resourceId: number.id,
        createdAt: now,
      }),
    );
    return E.right(number);
  }

  private async undo<A>(purchased: PurchasedNumber, error: AppError): Promise<E.Either<AppError, A>> {
    await this.deps.telephony.releaseNumber(purchased.providerId);
    return E.left(error);
  }
}

const providerError = (failure: { message: string; providerCode: string | null }): AppError => ({
  _tag: 'ProviderError',
  message: failure.message,
  providerCode: failure.providerCode,
});
