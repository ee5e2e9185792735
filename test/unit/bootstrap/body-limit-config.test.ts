import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';

const bodyLimitOf = (value: string | undefined) => {
  const loaded = loadConfig({ BODY_LIMIT: value });
  return E.isRight(loaded) ? loaded.right.bodyLimit : loaded.left;
};

describe('BODY_LIMIT', () => {
  it('is 1 MiB when unset', () => {
    expect(bodyLimitOf(undefined)).toBe(1024 * 1024);
  });

  it.each([
    ['1048576', 1_048_576],
    ['512kb', 524_288],
    ['1mb', 1_048_576],
    ['1.5MB', 1_572_864],
    [' 2 KB ', 2048],
    ['100b', 100],
  ])('reads %j as %i bytes', (raw, bytes) => {
    expect(bodyLimitOf(raw)).toBe(bytes);
  });

  it.each(['0', '-1', 'lots', '1tb', '1 mb mb'])('refuses %j, naming the variable', (raw) => {
    expect(bodyLimitOf(raw)).toEqual([expect.stringMatching(/^BODY_LIMIT=.*must be a size such as 1mb/)]);
  });
});
