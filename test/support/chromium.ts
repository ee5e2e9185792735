import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
export const CHROMIUM = '/usr/bin/chromium';

/** Without it, and outside CI, the browser suites skip rather than fail. */
export const noChromium = !existsSync(CHROMIUM) && !process.env.CI;

/** Headless, and reaching out to nothing of its own (updates, sync, QUIC), so a test sees only its pages' requests. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
