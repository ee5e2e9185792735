import type * as E from 'fp-ts/lib/Either.js';
import type { E164 } from '../../domain/e164.js';
import type { ProviderFailure } from './provider-failure.js';

/**
 * What kind of line a number is. `fixed_or_mobile` is the numbering plan's own answer where it
 * cannot tell (all of North America's geographic numbers); the carrier network can.
 */
export type LineType =
  | 'mobile'
  | 'landline'
  | 'fixed_or_mobile'
  | 'toll_free'
  | 'voip'
  | 'premium_rate'
  | 'shared_cost'
  | 'personal'
  | 'pager'
  | 'uan'
  | 'voicemail'
  | 'unknown';

/** What a number's digits say by the numbering plan alone. */
export interface NumberingFacts {
  /** Whether the plan has such a number (its length and prefix are in use). */
  readonly valid: boolean;
  /** Null when the digits make no number of any country. */
  readonly e164: E164 | null;
  /** ISO 3166-1 alpha-2, when the digits belong to one country. */
  readonly country: string | null;
  readonly nationalFormat: string | null;
  readonly lineType: LineType;
  /** The carrier the number was first allocated to, where the plan records it (ported numbers move on). */
  readonly carrier: string | null;
  /** The place its prefix was allocated to (a city, a state), where the plan records it. */
  readonly location: string | null;
}

/** The numbering plan, read on this machine: free, offline, and as current as its data. */
export interface NumberingPlan {
  /** `raw` as a caller wrote it (E.164, or national digits of `defaultCountry`). */
  read(raw: string, defaultCountry: string): Promise<NumberingFacts>;
}

/** The carrier network's answer for one number now: its line type and carrier after any porting. */
export interface LineFacts {
  readonly lineType: LineType;
  readonly carrier: string | null;
}

/** A paid look-up on the carrier network (Twilio Lookup), when the operator has configured one. */
export interface CarrierLookup {
  lookup(number: E164): Promise<E.Either<ProviderFailure, LineFacts>>;
}
