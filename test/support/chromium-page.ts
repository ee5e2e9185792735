import { copyFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Outside the checkout: a test run leaves it as it was. */
export const ARTIFACTS = process.env.TEST_ARTIFACTS_DIR ?? join(tmpdir(), 'switchboard-test-artifacts');

export interface ScreenshotOptions {
  /** The whole page (default) or the viewport only. */
  readonly fullPage?: boolean;
  /** Also saved as docs/<name>; by default only with SCREENSHOTS_TO_DOCS=1 (`npm run docs:screenshots`). */
  readonly toDocs?: boolean;
}

/** A screenshot under {@link ARTIFACTS}, and as docs/<name> when asked. */
export const screenshot = async (
  page: Page,
  name: string,
  { fullPage = true, toDocs = process.env.SCREENSHOTS_TO_DOCS === '1' }: ScreenshotOptions = {},
): Promise<void> => {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}`, fullPage });
  if (toDocs) await copyFile(`${ARTIFACTS}/${name}`, `${ROOT}docs/${name}`);
};

/** What Chromium refused under the page's Content-Security-Policy (it reports each refusal on the console). */
export const cspRefusals = (page: Page): string[] => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
};

export interface WatchOptions {
  /** Every console error too, not only CSP refusals. */
  readonly consoleErrors?: boolean;
  /** Responses with a status of 400 or more. */
  readonly failedResponses?: boolean;
}

/** What the page complained about: CSP refusals and uncaught errors, and on request console errors and failed requests. */
export const watchPage = (page: Page, { consoleErrors = false, failedResponses = false }: WatchOptions = {}): string[] => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if ((consoleErrors && message.type() === 'error') || /Content Security Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  if (failedResponses) {
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
  }
  return problems;
};
