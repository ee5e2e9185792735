import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  readonly version?: string;
  readonly engines?: { readonly node?: string } | readonly string[];
  readonly optional?: boolean;
  readonly dev?: boolean;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')) as T;

/** The oldest Node the package says it runs on: every locked dependency must accept it too. */
const oldestSupportedNode = (): string => {
  const { engines } = readJson<{ engines: { node: string } }>('package.json');
  const oldest = semver.minVersion(engines.node);
  if (!oldest) throw new Error(`package.json's engines.node is not a range: ${engines.node}`);
  return oldest.version;
};

describe('the locked dependencies', () => {
  it('all accept the oldest Node the package supports, so `npm install` prints no EBADENGINE', () => {
    const node = oldestSupportedNode();
    const { packages } = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const refusing = Object.entries(packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, locked]) => {
        const range = Array.isArray(locked.engines) ? undefined : (locked.engines as { node?: string } | undefined)?.node;
        return range && !semver.satisfies(node, range, { includePrerelease: true }) ? [`${path}@${locked.version} wants node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
