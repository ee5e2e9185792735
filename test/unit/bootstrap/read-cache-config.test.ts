import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';

const readCacheOf = (value: string | undefined) => {
  const loaded = loadConfig({ READ_CACHE_SIZE: value });
  return E.isRight(loaded) ? loaded.right.readCacheBytes : loaded.left;
};

describe('READ_CACHE_SIZE', () => {
  it('is 32 MiB when unset', () => {
    expect(readCacheOf(undefined)).toBe(32 * 1024 * 1024);
  });

  it.each([
    ['0', 0],
    [' 0 ', 0],
    ['0mb', 0],
    ['0KB', 0],
    ['64mb', 64 * 1024 * 1024],
    ['512KB', 524_288],
    ['1.5mb', 1_572_864],
    ['1048576', 1_048_576],
  ])('reads %j as %i bytes', (raw, bytes) => {
    expect(readCacheOf(raw)).toBe(bytes);
  });

  it.each(['abc', '-1', '0.5', '64 mib', '1tb'])('refuses %j, naming the variable and what it takes', (raw) => {
    expect(readCacheOf(raw)).toEqual([expect.stringMatching(/^READ_CACHE_SIZE=.*must be a size such as 32mb.*or 0 for none/)]);
  });

  it('says every problem at once, beside those of other variables', () => {
    const loaded = loadConfig({ READ_CACHE_SIZE: 'abc', BODY_LIMIT: 'lots' });

    expect(loaded).toEqual(E.left(expect.arrayContaining([expect.stringMatching(/^READ_CACHE_SIZE=/), expect.stringMatching(/^BODY_LIMIT=/)])));
  });
});
