import { parsePhoneNumberFromString, type PhoneNumber as ParsedNumber } from 'libphonenumber-js';
import * as t from 'io-ts';
import { trustE164, type E164 } from '../../../domain/e164.js';
import { describedAs } from './described.js';

/** Numbers without a `+` prefix are read as US numbers, as US customers write them. */
const DEFAULT_COUNTRY = 'US';

const phoneCodec = (
  name: string,
  accept: (parsed: ParsedNumber) => boolean,
  message: string,
  description: string,
): t.Type<E164, string, unknown> =>
  describedAs(
    new t.Type<E164, string, unknown>(
      name,
      (u): u is E164 => typeof u === 'string' && /^\+\d+$/.test(u),
      (u, c) => {
        if (typeof u !== 'string') return t.failure(u, c);
        const parsed = parsePhoneNumberFromString(u, DEFAULT_COUNTRY);
        // The brand is granted only here, after libphonenumber has checked the numbering plan.
        return parsed?.isValid() && accept(parsed) ? t.success(trustE164(parsed.number)) : t.failure(u, c, message);
      },
      String,
    ),
    { type: 'string', description, examples: ['+12125550100'] },
  );

const READ_AS = 'Read as a US number without a + prefix, and stored in E.164 form.';

/** Any valid number in the world, normalised to E.164 (contacts). */
export const anyPhoneNumber = phoneCodec('phone number', () => true, 'is not a valid phone number', `Any valid phone number. ${READ_AS}`);

/** US and Canada only: other +1 countries (Jamaica, …) share the prefix but not the service. */
export const northAmericanNumber = phoneCodec(
  'US or Canadian phone number',
  (parsed) => parsed.country === 'US' || parsed.country === 'CA',
  'must be a valid US or Canadian phone number in E.164 form',
  `A US or Canadian phone number. ${READ_AS}`,
);

/** An agent's transfer number on input: `""` and `null` both clear it. */
export const clearableNorthAmericanNumber = describedAs(
  new t.Type<E164 | null, string | null, unknown>(
    'US or Canadian phone number, "" or null',
    (u): u is E164 | null => u === null || northAmericanNumber.is(u),
    (u, c) => (u === null || u === '' ? t.success(null) : northAmericanNumber.validate(u, c)),
    (a) => a,
  ),
  {
    type: ['string', 'null'],
    description: `A US or Canadian phone number; "" or null clears it. ${READ_AS}`,
    examples: ['+12125550100'],
  },
);
