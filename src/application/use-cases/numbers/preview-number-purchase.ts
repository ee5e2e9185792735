import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Country } from '../../../domain/country.js';
import type { Cents } from '../../../domain/money.js';
import { providerError, type NoNumbersAvailable, type ProviderError } from '../../errors.js';
import type { AvailableNumber, Telephony } from '../../ports/telephony.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { checkProvisioningAllowed, type ProvisioningRefusal, type ProvisionNumberInput } from './provision-number.js';

/** What buying a number with the same input would do, said before anything is bought or charged. */
export interface NumberPurchasePreview {
  readonly country: Country;
  readonly areaCode: string | null;
  readonly agentId: string | null;
  /** Charged at once for the first month, then monthly. */
  readonly monthlyPriceCents: Cents;
  readonly balanceCents: Cents;
  /** One number the carrier offers now for the query; the purchase may get another. */
  readonly example: AvailableNumber;
}

/** A preview refuses as the purchase would: the same refusals, and the carrier's "none available". */
export type PreviewNumberPurchaseError = ProvisioningRefusal | NoNumbersAvailable | ProviderError;

/**
 * Checks a purchase without making it: the limits and balance as {@link ProvisionNumber} checks
 * them, and a search at the carrier, which costs nothing. An agent asked to buy a number can so
 * show the person what it will cost before it does.
 */
export class PreviewNumberPurchase {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly telephony: Telephony; readonly numberMonthlyPrice: Cents }) {}

  execute(input: ProvisionNumberInput): TE.TaskEither<PreviewNumberPurchaseError, NumberPurchasePreview> {
    const { uow, telephony, numberMonthlyPrice } = this.deps;
    return async () => {
      const allowed = await uow.transaction((tx) => checkProvisioningAllowed(tx, input, numberMonthlyPrice));
      if (E.isLeft(allowed)) return allowed;
      const found = await telephony.searchNumbers({ country: input.country, areaCode: input.areaCode, limit: 1 });
      if (E.isLeft(found)) return E.left(providerError(found.left));
      const example = found.right[0];
      if (!example) return E.left({ _tag: 'NoNumbersAvailable', country: input.country, areaCode: input.areaCode });
      return E.right({
        country: input.country,
        areaCode: input.areaCode,
        agentId: input.agentId,
        monthlyPriceCents: numberMonthlyPrice,
        balanceCents: allowed.right,
        example,
      });
    };
  }
}
