import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PACKAGE = '@scalar/api-reference';

export interface ScalarBundle {
  readonly version: string;
  /** The browser bundle (`dist/browser/standalone.js`), read once on first use. */
  read(): Promise<Buffer>;
}

/**
 * Scalar's API reference as installed from npm next to this module (this repository, or the
 * node_modules of a host that installed Switchboard): the page loads it from us, never a CDN.
 */
export const locateScalarBundle = (): ScalarBundle => {
  const file = createRequire(import.meta.url).resolve(`${PACKAGE}/browser/standalone.js`);
  // dist/browser/standalone.js → the package's root, whose manifest has the version.
  const manifest = join(dirname(file), '..', '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  let bundle: Promise<Buffer> | null = null;
  return {
    version,
    read: () =>
      (bundle ??= readFile(file).catch((error: unknown) => {
        bundle = null;
        throw error;
      })),
  };
};
