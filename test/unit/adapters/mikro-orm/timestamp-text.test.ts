import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfTimestamptz } from '../../../../src/adapters/mikro-orm/timestamp-text.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A `timestamptz` as PostgreSQL writes it: the local time at `offsetSeconds` east, the fraction's trailing zeros and a zero offset's minutes and seconds left out. */
const asPostgresWritesIt = (instantMs: number, extraMicros: number, offsetSeconds: number): string => {
  const local = new Date(instantMs + offsetSeconds * 1000);
  const micros = local.getUTCMilliseconds() * 1000 + extraMicros;
  const fraction = micros === 0 ? '' : `.${pad(micros, 6).replace(/0+$/, '')}`;
  const size = Math.abs(offsetSeconds);
  const [h, m, s] = [Math.floor(size / 3600), Math.floor(size / 60) % 60, size % 60];
  const offset = `${offsetSeconds < 0 ? '-' : '+'}${pad(h)}${m || s ? `:${pad(m)}` : ''}${s ? `:${pad(s)}` : ''}`;
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction}${offset}`;
};

describe(instantOfTimestamptz.name, () => {
  it('reads every instant of the years 1000 to 9999 at any offset, the fraction cut to milliseconds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30) }),
        fc.integer({ min: 0, max: 999 }),
        fc.oneof(fc.integer({ min: -12, max: 14 }).map((h) => h * 3600), fc.integer({ min: -15 * 3600, max: 15 * 3600 })),
        (instantMs, extraMicros, offsetSeconds) => {
          const text = asPostgresWritesIt(instantMs, extraMicros, offsetSeconds);
          expect(instantOfTimestamptz(text).getTime(), text).toBe(instantMs);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('reads what the Date parser read before, where that parser could', () => {
    for (const text of ['2026-11-25 06:47:01+00', '2026-11-25 06:47:01.5-08', '2026-02-28 23:59:59.999999+05:30', '1970-01-01 00:00:00+00', '2024-02-29 12:00:00.000001+00']) {
      expect(instantOfTimestamptz(text).getTime(), text).toBe(new Date(text).getTime());
    }
  });

  it('leaves what it does not read by position to the Date parser: other years, BC, infinity, other styles', () => {
    for (const text of ['0999-12-31 23:59:59+00', '2026-11-25 06:47:01+00 BC', 'infinity', '-infinity', '2026-11-25T06:47:01Z', 'Wed Nov 25 06:47:01 2026 UTC', '2026-13-01 00:00:00+00', '2026-11-25 06:47:0x+00']) {
      const read = instantOfTimestamptz(text);
      const parsed = new Date(text);
      expect(Number.isNaN(read.getTime()) ? 'invalid' : read.getTime(), text).toBe(Number.isNaN(parsed.getTime()) ? 'invalid' : parsed.getTime());
    }
  });
});
