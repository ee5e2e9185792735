#!/usr/bin/env node
// The `switchboard` command. In a checkout (src/ and scripts/ next to dist/), dist/ is built
// first when it is missing or older than src/, so that `npx switchboard` and `npm run cli` work
// right after `npm install`; an installed package ships dist/ only and runs it as it is.
import { existsSync } from 'node:fs';

const checkout = new URL('../scripts/ensure-build.mjs', import.meta.url);
if (existsSync(checkout) && existsSync(new URL('../src/bootstrap/cli.ts', import.meta.url))) {
  const { ensureBuild } = await import(checkout.href);
  try {
    ensureBuild();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
await import('../dist/src/bootstrap/cli.js');
