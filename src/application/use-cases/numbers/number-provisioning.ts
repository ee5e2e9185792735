import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../../domain/agent.js';
import type { Country } from '../../../domain/country.js';
import { addMonths } from '../../../domain/billing.js';
import { charge } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import { attachTo, type PhoneNumber } from '../../../domain/phone-number.js';
import { fromDomain, providerError, type BadRequest, type NoNumbersAvailable, type NotFound, type ProviderError } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { NumberWebhooks, PurchasedNumber, Telephony } from '../../ports/telephony.js';

/**
 * The carrier side of provisioning, shared by `ProvisionNumber` and sign-up verification:
 * search, purchase the first available number, configure its webhooks, then hand it to
 * `store` (a unit of work that records it). If configuring fails, `store` returns a Left or
 * anything throws, the number is released at the carrier again: nothing stays held that no
 * project owns.
 */
export interface CarrierSteps {
  readonly telephony: Telephony;
  readonly webhooks: NumberWebhooks;
}

export interface NumberQuery {
  readonly country: Country;
  readonly areaCode: string | null;
}

/** Candidates tried when a number is sold to someone else between search and purchase. */
const PURCHASE_ATTEMPTS = 3;

/** What the carrier side of provisioning can refuse. */
export type PurchaseError = ProviderError | NoNumbersAvailable;

export const withPurchasedNumber = async <L, A>(
  deps: CarrierSteps,
  query: NumberQuery,
  store: (purchased: PurchasedNumber) => Promise<E.Either<L, A>>,
): Promise<E.Either<PurchaseError | L, A>> => {
  const purchased = await purchase(deps, query);
  if (E.isLeft(purchased)) return purchased;
  const release = () => deps.telephony.releaseNumber(purchased.right.providerId);
  try {
    const configured = await deps.telephony.configureNumber(purchased.right.providerId, deps.webhooks);
    if (E.isLeft(configured)) {
      await release();
      return E.left(providerError(configured.left));
    }
    const stored = await store(purchased.right);
    if (E.isLeft(stored)) await release();
    return stored;
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
};

const purchase = async (deps: CarrierSteps, query: NumberQuery): Promise<E.Either<PurchaseError, PurchasedNumber>> => {
  const { telephony, webhooks } = deps;
  const none: NoNumbersAvailable = { _tag: 'NoNumbersAvailable', country: query.country, areaCode: query.areaCode };
  const found = await telephony.searchNumbers({ ...query, limit: PURCHASE_ATTEMPTS });
  if (E.isLeft(found)) return E.left(providerError(found.left));
  let lastFailure: PurchaseError = none;
  for (const candidate of found.right) {
    const bought = await telephony.purchaseNumber(candidate.phoneNumber, webhooks);
    if (E.isRight(bought)) return bought;
    lastFailure = providerError(bought.left);
  }
  return E.left(lastFailure);
};

/** An agent to attach the number to must be of its project (it is, when the caller read it there). */
export type RecordNumberError = NotFound | BadRequest;

/**
 * Records a purchased number, attached to `agent` when one is given, and charges its first
 * month to `ledgerAccountId` (the project's own ledger, or its parent's when it shares it),
 * which pays it through one month from now.
 */
export const recordNumber = async (
  tx: Repositories,
  deps: { readonly clock: Clock; readonly ids: IdGenerator; readonly numberMonthlyPrice: Cents },
  props: { readonly projectId: string; readonly ledgerAccountId: string; readonly country: Country; readonly agent: Agent | null; readonly purchased: PurchasedNumber },
): Promise<E.Either<RecordNumberError, PhoneNumber>> => {
  const now = deps.clock.now();
  let number: PhoneNumber = {
    id: deps.ids.next('num'),
    projectId: props.projectId,
    phoneNumber: props.purchased.phoneNumber,
    country: props.country,
    status: 'active',
    agentId: null,
    providerId: props.purchased.providerId,
    createdAt: now,
    releasedAt: null,
  };
  if (props.agent) {
    const attached = attachTo(number, props.agent);
    if (E.isLeft(attached)) return E.left(fromDomain(attached.left));
    number = attached.right;
  }
  await tx.numbers.save(number);
  await tx.ledger.append(
    charge({
      id: deps.ids.next('led'),
      projectId: props.ledgerAccountId,
      price: deps.numberMonthlyPrice,
      reason: 'number_first_month',
      resourceId: number.id,
      periodEnd: addMonths(now, 1),
      createdAt: now,
    }),
  );
  return E.right(number);
};
