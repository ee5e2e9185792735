import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoInstant, isoInstantOrNull } from '../../../src/adapters/rest/views/schema.js';

describe(isoInstant.name, () => {
  it('writes every instant exactly as toISOString does, years 0 to 9999 and beyond', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('-010000-01-01T00:00:00.000Z'), max: new Date('+020000-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        expect(isoInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it('pads every field, at the edges of the four-digit years', () => {
    for (const iso of ['0000-01-01T00:00:00.000Z', '0099-02-03T04:05:06.007Z', '1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      expect(isoInstant(new Date(iso))).toBe(iso);
    }
  });

  it('refuses an invalid date as toISOString does, and writes null for no date', () => {
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(isoInstantOrNull(null)).toBeNull();
    expect(isoInstantOrNull(new Date('2026-11-24T10:00:00.000Z'))).toBe('2026-11-24T10:00:00.000Z');
  });
});
