import * as t from 'io-ts';
import { describedAs } from './described.js';

// Seconds are optional here, so the schema states the pattern rather than format date-time.
/** A date-time a client sends (a campaign's start, a consent's capture). */
export const instant = describedAs(new t.Type<Date, string, unknown>(
  'ISO 8601 date-time',
  (u): u is Date => u instanceof Date,
  (u, c) => {
    if (typeof u !== 'string' || u.length > 40 || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(u)) {
      return t.failure(u, c, 'must be an ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z');
    }
    const at = new Date(u);
    return Number.isNaN(at.getTime()) ? t.failure(u, c, 'is not a real date-time') : t.success(at);
  },
  (d) => d.toISOString(),
), {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
  examples: ['2026-12-01T09:00:00Z'],
});
