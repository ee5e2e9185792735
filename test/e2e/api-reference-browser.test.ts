import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium, noChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { createSwitchboard, type Switchboard } from '../../src/index.js';
import { screenshot, watchPage } from '../support/chromium-page.js';

const BASE = '/switchboard';

describe.skipIf(noChromium)('the API reference in Chromium', () => {
  let switchboard: Switchboard;
  let host: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    // Embedded under a base path, as a host app mounts it: the page must find its script and document there.
    switchboard = createSwitchboard({ env: {}, storage: 'memory', basePath: BASE, logger: silentLogger() });
    await switchboard.start();
    host = createServer((req, res) => switchboard.requestListener(req, res));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.close(resolve));
    await switchboard?.close();
  });

  it('renders every tag and operation from the served document, with nothing fetched from elsewhere and nothing refused', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const problems = watchPage(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    // No PUBLIC_URL: the document's server is the base path, relative to wherever it was fetched from.
    const served = (await (await fetch(`${origin}${BASE}/openapi.json`)).json()) as { servers: unknown };
    expect(served.servers).toEqual([{ url: BASE }]);

    const response = await page.goto(`${origin}${BASE}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect.poll(() => page.getByText('Is the service ready?').count(), { timeout: 45_000 }).toBeGreaterThan(0);
    // The sidebar comes first, the introduction a moment later.
    for (const text of ['Switchboard REST API', 'Sign-up', 'Agents', 'Numbers', 'Calls', 'Messages', 'Contacts', 'Conversations', 'Webhook settings', 'Webhooks', 'Models']) {
      await expect.poll(() => page.innerText('body'), { timeout: 15_000 }).toContain(text);
    }
    await screenshot(page, 'api-reference.png', { fullPage: false });
    // A group opens on its operations.
    await page.getByText('Calls', { exact: true }).first().click();
    await expect.poll(() => page.getByText('Place an outbound call').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([`${origin}${BASE}/openapi.json`, expect.stringContaining(`${origin}${BASE}/docs/scalar.js?v=`)]));
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
