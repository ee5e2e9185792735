import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/**
 * Switchboard's version from its package.json: the nearest one above this file named
 * `switchboard` (src/bootstrap in a checkout, dist/src/bootstrap when built or installed).
 */
export const packageVersion = (): string => {
  if (cached !== null) return cached;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (name === 'switchboard' && typeof version === 'string') return (cached = version);
    }
    if (dirname(dir) === dir) return (cached = 'unknown');
  }
};
