import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, noChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/bootstrap/server.js';
import { screenshot, watchPage } from '../support/chromium-page.js';
import { aMigratedDataDir } from '../support/pglite-template.js';

// CI installs Debian's chromium (.ci/apt-packages); elsewhere the browser tests need it too.
describe.skipIf(noChromium)('a newcomer’s first screens in Chromium', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    dataDir = await aMigratedDataDir('sb-first-screens-');
    server = await startServer({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('opens / on what is running, with links that lead somewhere', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 720 } });
    const problems = watchPage(page, { consoleErrors: true, failedResponses: true });
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Switchboard is running');
    expect(await page.locator('#carrier').innerText()).toBe('simulated (no real calls or texts)');
    expect(await page.locator('#storage').innerText()).toBe('embedded database (PGlite)');
    await screenshot(page, 'landing.png', { fullPage: false });
    expect(problems).toEqual([]);

    // The console and the playground it links to are there.
    for (const title of ['Admin console (GraphiQL)', 'Call playground', 'Health']) {
      const href = await page.getByRole('link', { name: title }).getAttribute('href');
      const answer = await fetch(`${server.url}${href}`, { headers: { accept: "text/html" } });
      expect(answer.status, title).toBe(200);
    }
    await page.close();
  });

  it('opens GraphiQL on a token prompt, with no error and no request made without the token', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
    const problems = watchPage(page, { consoleErrors: true, failedResponses: true });
    const operations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' || new URL(request.url()).searchParams.has('query')) operations.push(request.url());
    });
    await page.goto(`${server.url}/admin/graphql`);
    await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });

    // The prompt: the first query's comment says what to do, the Headers pane is open on the template.
    const query = page.locator('.graphiql-query-editor');
    // Monaco renders spaces as no-break spaces.
    const words = async (locator: typeof query) => (await locator.innerText()).replace(/\s+/g, ' ');
    await expect.poll(() => words(query), { timeout: 15_000 }).toContain('# <ADMIN_TOKEN> with the admin token');
    const headers = page.locator('.graphiql-editor-tool .monaco-editor').last();
    expect(await headers.isVisible()).toBe(true);
    await expect.poll(() => words(headers)).toContain('"Authorization": "Bearer <ADMIN_TOKEN>"');

    // The schema is known at once: the documentation explorer lists the root types, no "Error fetching schema".
    await page.locator('button[aria-label="Show Documentation Explorer"]').click();
    const explorer = page.locator('.graphiql-doc-explorer');
    await expect.poll(() => explorer.innerText(), { timeout: 10_000 }).toContain('Query');
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('Error fetching schema');
    expect(body).not.toContain('UNAUTHORIZED');
    await page.locator('button[aria-label="Hide Documentation Explorer"]').click();
    await screenshot(page, 'graphiql.png', { fullPage: false });
    expect(operations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
