import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { launchChromium, noChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from '../integration/graphql-admin/admin-harness.js';
import { screenshot, watchPage } from '../support/chromium-page.js';



// Every minute of every day: the campaign calls whenever the test runs. The window is each recipient's
// local time (their numbers' zones): with a day ending at 23:59, a recipient in Los Angeles could not
// be called in the minute before 08:00 UTC, and the campaign dialled the next recipient instead.
const ALWAYS = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'UTC' };

describe.skipIf(noChromium)('the playground’s Campaigns panel in Chromium', () => {
  let h: AdminHarness;
  let browser: Browser;

  beforeAll(async () => {
    h = await anAdminConsole();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  it('shows a campaign’s counts, starts it, follows its calls, pauses it, downloads results.csv and cancels it', async () => {
    const line = await h.anAgentOnTheLine();
    const created = await h.api('POST', '/v1/campaigns', {
      name: 'December reminders',
      agentId: line.agentId,
      schedule: ALWAYS,
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
    const problems = watchPage(page);
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

    await expect.poll(async () => [await page.locator('#campaign-status').innerText(), await page.locator('#status').innerText()]).toEqual(['running', 'Campaign running.']);
    await expect.poll(() => page.locator('#campaign-list li .state').allInnerTexts()).toEqual(['running']);
    expect(await page.locator('#campaign-start').isDisabled()).toBe(true);
    // The calls the campaign places appear by themselves (the panel reads again while it runs), two at once at most.
    await expect.poll(() => count('inProgress'), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => page.locator('#campaign-recipients td.attempts code').count()).toBe(2);
    const callIds = await page.locator('#campaign-recipients td.attempts code').allInnerTexts();
    for (const callId of callIds) expect((await h.api('GET', `/v1/calls/${callId}`)).body).toMatchObject({ id: callId, direction: 'outbound', status: 'in-progress' });
    expect(await page.locator('#campaign-recipients td.attempts').allInnerTexts()).toEqual([`${callIds[0]}: under way`, `${callIds[1]}: under way`, '']);
    await screenshot(page, 'playground-campaigns.png');

    await page.click('#campaign-pause');
    await expect.poll(() => page.locator('#campaign-status').innerText()).toBe('paused');
    expect((await h.api('GET', `/v1/campaigns/${campaignId}`)).body.status).toBe('paused');
    expect(await page.locator('#campaign-resume').isEnabled()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#campaign-results')]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^recipientId,phoneNumber,/);
    expect(lines).toHaveLength(4);
    for (const callId of callIds) expect(csv).toContain(callId);

    await page.click('#campaign-cancel');
    await expect.poll(() => page.locator('#campaign-status').innerText()).toBe('cancelled');
    await expect.poll(() => page.locator('#campaign-recipients tr td:nth-child(2)').allInnerTexts()).toEqual(['in_progress', 'in_progress', 'skipped (cancelled)']);
    expect(await page.locator('#campaigns button[data-action]:enabled').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
