import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';

const capOf = (value: string | undefined) => {
  const loaded = loadConfig({ OUTBOUND_ATTEMPT_CAP: value });
  return E.isRight(loaded) ? loaded.right.attemptCap : loaded.left;
};

describe('OUTBOUND_ATTEMPT_CAP', () => {
  it('is off when unset', () => {
    expect(capOf(undefined)).toBeNull();
  });

  it('reads calls per window', () => {
    expect(capOf('7/7d')).toEqual({ points: 7, durationSeconds: 7 * 86_400 });
    expect(capOf('3/h')).toEqual({ points: 3, durationSeconds: 3600 });
  });

  it('names the variable when it does not read', () => {
    expect(JSON.stringify(capOf('seven a week'))).toContain('OUTBOUND_ATTEMPT_CAP');
  });
});
