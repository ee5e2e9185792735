import type { Browser } from 'playwright-core';
import { launchChromium, noChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from '../integration/graphql-admin/admin-harness.js';
import { aVoiceSwitchboard } from '../integration/voice/voice-harness.js';
import { cspRefusals, screenshot, watchPage } from '../support/chromium-page.js';

// CI installs Debian's chromium (.ci/apt-packages); elsewhere the browser tests need it too.
describe.skipIf(noChromium)('the admin console and the playground in Chromium', () => {
  let h: AdminHarness;
  let browser: Browser;
  let line: Awaited<ReturnType<AdminHarness['anAgentOnTheLine']>>;
  beforeAll(async () => {
    h = await anAdminConsole();
    line = await h.anAgentOnTheLine();
    await h.data('mutation ($id: ID!) { creditAccount(projectId: $id, amountCents: 2500, reason: "welcome credit") { balance } }', {
      id: h.owner.projectId,
    });
    await h.data('mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: "Hi! Are you open?") { duplicate } }', {
      to: line.phoneNumber,
    });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  it('opens GraphiQL without the token, then runs a query with it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
    const refused = cspRefusals(page);
    await page.goto(`${h.url}/admin/graphql`);
    await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });

    // The operator pastes the token into the Headers pane.
    const headers = page.locator('.graphiql-editor-tool .monaco-editor').last();
    await headers.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ Authorization: `Bearer ${h.sut.adminToken()}` }));
    await page.keyboard.press('Home');
    await page.locator('.graphiql-execute-button').click();

    const result = page.locator('.result-window');
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain(h.owner.projectId);
    // Monaco renders spaces as no-break spaces.
    const text = (await result.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('"balance": 32');
    expect(text).not.toContain('UNAUTHORIZED');
    await screenshot(page, 'graphiql-query.png', { fullPage: false });
    expect(refused).toEqual([]);

    // GraphiQL saves each editor to local storage a moment after it changes; the headers pane,
    // with the token, must never be. An edit of the query after it shows when saving is done.
    await page.locator('.graphiql-query-editor .monaco-editor').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n# saved after the headers');
    const stored = () => page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    await expect.poll(stored, { timeout: 10_000 }).toContain('# saved after the headers');
    expect(await stored()).not.toContain(h.sut.adminToken());
    await page.close();
  });

  it('calls a webhook-mode agent from the playground: types a sentence, reads the answer and the live transcript', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    const problems = watchPage(page);
    await page.goto(`${h.url}/playground?twilioSdk=${encodeURIComponent('https://cdn.example/sdk.js')}`);

    await page.fill('#api-key', h.owner.key);
    await page.click('#load-agents');
    await expect.poll(() => page.locator('#agent option').allInnerTexts()).toEqual(['Acme support (webhook)']);
    await page.selectOption('#agent', line.agentId);
    await page.click('#start-call');
    await expect.poll(() => page.locator('#say').isEnabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.locator('#agent-said').innerText()).toBe('Hi, this is Acme.');

    await page.fill('#say', 'Do you deliver on Sundays?');
    await page.press('#say', 'Enter');

    await expect.poll(() => page.locator('#agent-said').innerText(), { timeout: 10_000 }).toBe('You said Do you deliver on Sundays?.');
    const turns = page.locator('#transcript li');
    await expect.poll(() => turns.count(), { timeout: 10_000 }).toBe(3);
    expect(await turns.evaluateAll((items) => items.map((li) => [li.getAttribute('data-role'), li.querySelector('.said')?.textContent]))).toEqual([
      ['agent', 'Hi, this is Acme.'],
      ['user', 'Do you deliver on Sundays?'],
      ['agent', 'You said Do you deliver on Sundays?.'],
    ]);
    const callId = (await page.locator('#call-id').textContent()) ?? '';
    const { call } = await h.data('query ($id: ID!) { call(id: $id) { type status transcript { content } } }', { id: callId });
    expect(call).toMatchObject({ type: 'WEB', status: 'IN_PROGRESS' });
    expect(call.transcript).toHaveLength(3);
    await screenshot(page, 'playground.png', { fullPage: false });

    await page.click('#hang-up');
    await expect
      .poll(async () => (await h.data('query ($id: ID!) { call(id: $id) { status } }', { id: callId })).call.status, { timeout: 10_000 })
      .toBe('COMPLETED');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on Twilio, loads the Voice SDK served at its fixed path under the policy, and refuses a script from elsewhere', async () => {
    const twilio = await aVoiceSwitchboard({
      webCalls: { apiKeySid: `SK${'cd'.repeat(16)}`, apiKeySecret: 'api-key-secret', twimlAppSid: `AP${'ef'.repeat(16)}` },
    });
    const page = await browser.newPage();
    try {
      const refused = cspRefusals(page);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const agent = await twilio.anAgentOnTheLine();
      await page.goto(`${twilio.url}/playground?twilioSdk=${encodeURIComponent('https://cdn.example/sdk.js')}`);
      await page.fill('#api-key', twilio.owner.key);
      await page.click('#load-agents');
      await expect.poll(() => page.locator('#agent option').count()).toBe(1);
      await page.selectOption('#agent', agent.agentId);
      await page.click('#start-call');

      await expect.poll(() => page.evaluate(() => typeof (window as { Twilio?: { Device?: unknown } }).Twilio?.Device), { timeout: 15_000 }).toBe('function');
      expect(scripts).toEqual([expect.stringMatching(new RegExp(`^${twilio.url}/playground/twilio-voice-sdk\\.js\\?v=2\\.`))]);

      // A script from another origin (here: the same server under another name) is refused.
      const foreign = `${twilio.url.replace('127.0.0.1', 'localhost')}/playground/twilio-voice-sdk.js`;
      const loaded = await page.evaluate(
        (src) =>
          new Promise<boolean>((resolve) => {
            const script = document.createElement('script');
            script.src = src;
            script.onload = () => resolve(true);
            script.onerror = () => resolve(false);
            document.head.appendChild(script);
          }),
        foreign,
      );
      expect(loaded).toBe(false);
      await expect.poll(() => refused.join('\n')).toContain(foreign);
    } finally {
      await page.close();
      await twilio.stop();
    }
  }, 60_000);
});

