import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsStale, ensureBuild } from '../../../scripts/ensure-build.mjs';

/** A checkout-shaped directory: src/ with one file, and dist/'s entry when `built` is a time. */
const aCheckout = (sourceTime: Date, built: Date | null): string => {
  const root = mkdtempSync(join(tmpdir(), 'sb-ensure-build-'));
  mkdirSync(join(root, 'src', 'bootstrap'), { recursive: true });
  writeFileSync(join(root, 'src', 'bootstrap', 'cli.ts'), '');
  utimesSync(join(root, 'src', 'bootstrap', 'cli.ts'), sourceTime, sourceTime);
  if (built) {
    mkdirSync(join(root, 'dist', 'src', 'bootstrap'), { recursive: true });
    writeFileSync(join(root, 'dist', 'src', 'bootstrap', 'cli.js'), '');
    utimesSync(join(root, 'dist', 'src', 'bootstrap', 'cli.js'), built, built);
  }
  return root;
};

describe('building dist/ before the command runs, in a checkout', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));
  const earlier = new Date('2026-01-01T00:00:00Z');
  const later = new Date('2026-01-02T00:00:00Z');

  it('builds a fresh clone (no dist/) and a dist/ older than src/, and leaves a current one alone', () => {
    const fresh = aCheckout(earlier, null);
    const stale = aCheckout(later, earlier);
    const current = aCheckout(earlier, later);
    roots.push(fresh, stale, current);
    expect([fresh, stale, current].map((root) => buildIsStale(root))).toEqual([true, true, false]);
    expect(() => ensureBuild(current)).not.toThrow();
  });

  it('says, before it builds, what it is doing, why, and about how long it takes; and when it is done', () => {
    const fresh = aCheckout(earlier, null);
    const stale = aCheckout(later, earlier);
    roots.push(fresh, stale);
    const said: string[] = [];
    for (const root of [fresh, stale]) {
      // A compiler that only writes the entry: the build's own output is not what is checked here.
      mkdirSync(join(root, 'node_modules', 'typescript', 'bin'), { recursive: true });
      writeFileSync(
        join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
        "require('fs').mkdirSync('dist/src/bootstrap', { recursive: true }); require('fs').writeFileSync('dist/src/bootstrap/cli.js', '');",
      );
      writeFileSync(join(root, 'package.json'), '{}');
      ensureBuild(root, (text: string) => said.push(text));
      expect(buildIsStale(root)).toBe(false);
    }
    const [freshNotice, freshDone, staleNotice, staleDone] = said;
    expect(freshNotice).toMatch(/^switchboard: building dist\/ from src\/ with the TypeScript compiler \(a fresh checkout has no dist\/ yet\)/);
    expect(staleNotice).toMatch(/\(src\/ changed since the last build\)/);
    for (const notice of [freshNotice, staleNotice]) expect(notice).toMatch(/happens once and takes about half a minute.*later starts skip it/);
    for (const done of [freshDone, staleDone]) expect(done).toMatch(/^switchboard: built in \d+ s\.\n$/);
  });

  it('says what to do when TypeScript is not installed to build with', () => {
    const root = aCheckout(earlier, null);
    roots.push(root);
    expect(() => ensureBuild(root)).toThrow(
      'switchboard: dist/src/bootstrap/cli.js is missing or older than src/, and TypeScript is not installed to build it: run `npm install` (with the dev dependencies), then `npm run build`',
    );
  });
});
