import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import parsePhoneNumber from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';
import { describe, expect, it } from 'vitest';
import { trustE164 } from '../../../src/domain/e164.js';
import { GeoCarrierNumberTimeZones, ZONE_PREFIX_DIGITS } from '../../../src/adapters/libphonenumber-geo-carrier/geo-carrier-number-time-zones.js';

describe('a number’s time zone from the numbering plan', () => {
  const zones = new GeoCarrierNumberTimeZones();

  it('places geographic numbers', async () => {
    expect(await zones.zoneOf(trustE164('+12125550100'))).toBe('America/New_York');
    expect(await zones.zoneOf(trustE164('+13105550100'))).toBe('America/Los_Angeles');
    expect(await zones.zoneOf(trustE164('+16045550100'))).toBe('America/Vancouver');
  });

  it('does not guess for numbers of several zones', async () => {
    expect(await zones.zoneOf(trustE164('+18005550100'))).toBeNull();
  });

  it('answers numbers of a remembered prefix as the package answers each of them', async () => {
    const numbers = ['+12125550100', '+12125550199', '+13105550100', '+13105551234', '+18005550100', '+18005550101', '+442079460000', '+442079460999'];
    const remembered = new GeoCarrierNumberTimeZones();
    for (const number of numbers) {
      const parsed = parsePhoneNumber(number)!;
      const theirs = await timezones(parsed);
      expect(await remembered.zoneOf(trustE164(number))).toBe(theirs && theirs.length === 1 ? theirs[0] : null);
    }
  });

  it('remembers by no fewer leading digits than the package’s longest prefix', () => {
    // The package's own mapping file and decoder, found where the package is.
    const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('libphonenumber-geo-carrier')));
    const bson = createRequire(join(packageDir, 'package.json'))('bson') as { deserialize(buffer: Buffer): Record<string, unknown> };
    const mapping = bson.deserialize(readFileSync(join(packageDir, 'resources', 'timezones.bson')));
    const longest = Math.max(...Object.keys(mapping).map((prefix) => prefix.length));
    expect(longest).toBeLessThanOrEqual(ZONE_PREFIX_DIGITS);
  });
});
