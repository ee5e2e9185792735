import type { Browser } from 'playwright-core';
import { launchChromium, noChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from '../integration/graphql-admin/admin-harness.js';
import { watchPage } from '../support/chromium-page.js';


describe.skipIf(noChromium)('the playground’s Tests panel in Chromium', () => {
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

  it('lists an agent’s tests, runs them, and shows each verdict and why one failed', async () => {
    const agent = (await h.api('POST', '/v1/agents', { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' })).body.id as string;
    await h.api('POST', `/v1/agents/${agent}/tests`, { name: 'greets', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'desk here' }] });
    await h.api('POST', `/v1/agents/${agent}/tests`, { name: 'says the hours', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'nine to five' }] });

    const page = await browser.newPage({ viewport: { width: 1200, height: 1100 } });
    const problems = watchPage(page);
    await page.goto(`${h.url}/playground`);
    await page.fill('#api-key', h.owner.key);
    await page.click('#load-agents');
    await expect.poll(() => page.locator('#agent').isEnabled(), { message: problems.join('\n') }).toBe(true);
    await page.selectOption('#agent', agent);
    await page.click('#load-tests');
    await expect.poll(() => page.locator('#test-list li').allInnerTexts()).toEqual(['greets', 'says the hours']);

    await page.click('#run-tests');

    await expect.poll(() => page.locator('#test-run-status').innerText(), { timeout: 20_000 }).toBe('Run completed: 1 passed, 1 failed, 0 errored of 2.');
    expect(await page.locator('#test-results .verdict').allInnerTexts()).toEqual(['passed', 'failed']);
    expect(await page.locator('#test-results .failed-expectation').allInnerTexts()).toEqual(['expected the agent to say "nine to five", but it said "Hello, desk here."']);
    expect(await page.locator('#test-results pre.transcript').allInnerTexts()).toEqual(['agent: Hello, desk here.']);
    expect(await page.locator('#run-tests').isEnabled()).toBe(true);
  });
});
