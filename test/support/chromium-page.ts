import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A full-page screenshot under test-artifacts/; with SCREENSHOTS_TO_DOCS=1 also as docs/<name>. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await mkdir(`${ROOT}test-artifacts`, { recursive: true });
  await page.screenshot({ path: `${ROOT}test-artifacts/${name}`, fullPage: true });
  if (process.env.SCREENSHOTS_TO_DOCS === '1') await copyFile(`${ROOT}test-artifacts/${name}`, `${ROOT}docs/${name}`);
};

/** What Chromium refused under the page's Content-Security-Policy, and the page's own errors. */
export const watchPage = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
};
