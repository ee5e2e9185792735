import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PACKAGE = '@twilio/voice-sdk';

export interface TwilioVoiceSdk {
  readonly version: string;
  /** The browser bundle (`dist/twilio.min.js`), read once on first use. */
  read(): Promise<Buffer>;
}

/** The package's root: its entry's nearest directory whose package.json carries its name. */
const packageRoot = (entry: string): { readonly root: string; readonly version: string } => {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === PACKAGE && version) return { root: dir, version };
  }
  throw new Error(`${PACKAGE}: no package.json above ${entry}`);
};

/**
 * The Twilio Voice JS SDK as installed from npm next to this module, wherever that is (this
 * repository, or the node_modules of a host that installed Switchboard). The package exports
 * only its Node entry, so the browser bundle is found from the package's root.
 */
export const locateTwilioVoiceSdk = (): TwilioVoiceSdk => {
  const { root, version } = packageRoot(createRequire(import.meta.url).resolve(PACKAGE));
  const file = join(root, 'dist', 'twilio.min.js');
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
