import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from '../integration/graphql-admin/admin-harness.js';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Under test-artifacts/; with SCREENSHOTS_TO_DOCS=1 also as docs/<name> (docs/campaigns.md shows it). */
const screenshot = async (page: Page, name: string) => {
  await mkdir(`${ROOT}test-artifacts`, { recursive: true });
  await page.screenshot({ path: `${ROOT}test-artifacts/${name}`, fullPage: true });
  if (process.env.SCREENSHOTS_TO_DOCS === '1') await copyFile(`${ROOT}test-artifacts/${name}`, `${ROOT}docs/${name}`);
};

/** What Chromium refused under the page's Content-Security-Policy, and the page's own errors. */
const watch = (page: Page) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
};

// Calls begin in 2030: starting it moves it to `scheduled` and no call is placed while the test looks.
const LATER = { startAt: '2030-01-06T14:00:00Z', timeZone: 'America/New_York' };

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the playground’s Campaigns panel in Chromium', () => {
  let h: AdminHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await anAdminConsole();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  it('shows a campaign’s counts and recipients, starts it, downloads results.csv and cancels it', async () => {
    const line = await h.anAgentOnTheLine();
    const created = await h.api('POST', '/v1/campaigns', {
      name: 'December reminders',
      agentId: line.agentId,
      schedule: LATER,
      pacing: { maxConcurrentCalls: 2, callsPerMinute: 600 },
      recipients: [
        { phoneNumber: '+12125550100', variables: { firstName: 'Ada' } },
        { phoneNumber: '+13105550100', variables: { firstName: 'Grace' } },
        { phoneNumber: '+13125550100', variables: { firstName: 'Alan' } },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const campaignId: string = created.body.id;

    const page = await browser.newPage({ viewport: { width: 1200, height: 1100 }, acceptDownloads: true });
    const problems = watch(page);
    await page.goto(`${h.url}/playground`);
    await page.fill('#api-key', h.owner.key);
    await page.click('#load-campaigns');

    await expect.poll(() => page.locator('#campaign-list li').allInnerTexts(), { message: problems.join('\n') }).toEqual([expect.stringMatching(/December reminders\s*draft/)]);
    await expect.poll(() => page.locator('#campaign-status').innerText()).toBe('draft');
    const count = (key: string) => page.locator(`#campaigns [data-count="${key}"]`).innerText();
    expect([await count('pending'), await count('inProgress'), await count('total')]).toEqual(['3', '0', '3']);
    await expect.poll(() => page.locator('#campaign-recipients tr').count()).toBe(3);
    expect(await page.locator('#campaign-pause').isDisabled()).toBe(true);

    await page.click('#campaign-start');

    await expect.poll(async () => [await page.locator('#campaign-status').innerText(), await page.locator('#status').innerText()]).toEqual(['scheduled', 'Campaign scheduled.']);
    expect((await h.api('GET', `/v1/campaigns/${campaignId}`)).body.status).toBe('scheduled');
    await expect.poll(() => page.locator('#campaign-list li .state').allInnerTexts()).toEqual(['scheduled']);
    expect(await page.locator('#campaign-start').isDisabled()).toBe(true);
    expect(await page.locator('#campaign-cancel').isEnabled()).toBe(true);
    const rows = await page.locator('#campaign-recipients tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (td) => td.textContent)));
    expect(rows.map((cells) => cells.slice(0, 3))).toEqual([
      ['+12125550100', 'pending', ''],
      ['+13105550100', 'pending', ''],
      ['+13125550100', 'pending', ''],
    ]);
    await screenshot(page, 'playground-campaigns.png');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#campaign-results')]);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^recipientId,phoneNumber,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
      ['+12125550100', '', 'pending'],
      ['+13105550100', '', 'pending'],
      ['+13125550100', '', 'pending'],
    ]);

    await page.click('#campaign-cancel');
    await expect.poll(() => page.locator('#campaign-status').innerText()).toBe('cancelled');
    await expect.poll(() => page.locator('#campaign-recipients tr td:nth-child(2)').allInnerTexts()).toEqual(Array(3).fill('skipped (cancelled)'));
    expect(await page.locator('#campaigns button[data-action]:enabled').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
