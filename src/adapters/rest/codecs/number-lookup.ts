import * as t from 'io-ts';
import type { LookupNumberInput } from '../../../application/use-cases/numbers/lookup-number.js';
import { matching } from './common.js';

/**
 * `GET /v1/numbers/lookup?number=&country=`: the number as a person writes one (E.164, or
 * national digits with spaces, dashes, dots or brackets), read in `country` (default US) when it
 * has no `+`.
 */
export const LookupNumberQuery = t.intersection([
  t.type({ number: matching(/^\+?[\d\s().-]{2,32}$/, 'must be a phone number: digits, with an optional leading + and spaces, dashes, dots or brackets', 'phone number', 40) }),
  t.partial({ country: matching(/^[A-Za-z]{2}$/, 'must be a 2-letter country code (ISO 3166-1), e.g. US', 'country code', 2) }),
]);

export const toLookupInput = (projectId: string, query: t.TypeOf<typeof LookupNumberQuery>): LookupNumberInput => ({
  projectId,
  number: query.number.trim(),
  country: (query.country ?? 'US').toUpperCase(),
});
