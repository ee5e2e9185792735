import type { Browser } from 'playwright-core';
import { launchChromium, noChromium } from '../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from '../integration/graphql-admin/admin-harness.js';
import { screenshot, watchPage } from '../support/chromium-page.js';



describe.skipIf(noChromium)('the playground’s simulated carrier controls in Chromium', () => {
  let h: AdminHarness;
  let browser: Browser;
  let line: Awaited<ReturnType<AdminHarness['anAgentOnTheLine']>>;
  let hostedAgentId: string;

  const openPlayground = async (agents = 2, watch: Parameters<typeof watchPage>[1] = {}) => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = watchPage(page, watch);
    await page.goto(`${h.url}/playground`);
    await page.fill('#api-key', h.owner.key);
    await page.click('#load-agents');
    await expect.poll(() => page.locator('#agent option').count(), { message: problems.join('\n') }).toBe(agents);
    return { page, problems };
  };

  const callOf = async (id: string) => (await h.data('query ($id: ID!) { call(id: $id) { status disconnectionReason } }', { id })).call;

  beforeAll(async () => {
    h = await anAdminConsole();
    line = await h.anAgentOnTheLine();
    const hosted = await h.api('POST', '/v1/agents', { name: 'Hosted helper', voiceMode: 'hosted', systemPrompt: 'You help callers of Acme.' });
    if (hosted.status !== 200) throw new Error(hosted.text);
    hostedAgentId = hosted.body.id;
    // The customer's agent: echoes voice turns, and replies to texts as a webhook agent does, with POST /v1/messages.
    const echo = h.hook.handler;
    h.hook.handler = async (request, res) => {
      if (request.body?.event === 'agent.message' && request.body.channel === 'sms') {
        res.writeHead(200).end();
        const { data } = request.body;
        await h.api('POST', '/v1/messages', { agent_id: request.body.agentId, to_number: data.from, from_number: data.to, body: `Got "${data.message}", see you at 7.` });
        return;
      }
      return echo(request, res);
    };
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  it('texts one of the project’s numbers and shows the agent’s reply in the thread', async () => {
    const { page, problems } = await openPlayground();
    await expect.poll(() => page.locator('#text-number option').allInnerTexts()).toEqual([line.phoneNumber]);

    await page.fill('#text-from', '+14155550177');
    await page.fill('#text-body', 'Table for two?');
    await page.click('#send-text');

    await expect
      .poll(() => page.locator('#texts li').allInnerTexts(), { timeout: 15_000 })
      .toEqual(['Texter: Table for two?', 'Agent: Got "Table for two?", see you at 7.']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers an outbound call as an answering machine: the agent leaves its voicemail message and the call ends (voicemail)', async () => {
    const agent = await h.api('PATCH', `/v1/agents/${line.agentId}`, { voicemailMessage: 'Hi, Acme here. Please call us back.' });
    expect(agent.status).toBe(200);
    const placed = await h.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550144' });
    expect(placed.status).toBe(200);
    const { page, problems } = await openPlayground();

    await page.click('#load-outbound');
    await page.locator(`#outbound li[data-call-id="${placed.body.id}"] button.answer-machine`).click();

    await expect.poll(() => callOf(placed.body.id), { timeout: 10_000 }).toEqual({ status: 'COMPLETED', disconnectionReason: 'voicemail' });
    await expect.poll(() => page.locator('#outbound li').allInnerTexts()).toEqual(['No outbound call is ringing (place one with POST /v1/calls).']);
    await h.api('PATCH', `/v1/agents/${line.agentId}`, { voicemailMessage: null });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers an outbound call the agent placed, speaks as the callee, and hangs up; hangs up another unanswered', async () => {
    const first = await h.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550142', initialGreeting: 'Hello, this is Acme calling.' });
    const second = await h.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550143' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const { page, problems } = await openPlayground();

    await page.click('#load-outbound');
    const ringing = page.locator('#outbound li');
    await expect.poll(() => ringing.count()).toBe(2);
    await page.locator(`#outbound li[data-call-id="${first.body.id}"] button.answer`).click();
    await expect.poll(() => page.locator('#agent-said').innerText(), { timeout: 10_000 }).toBe('Hello, this is Acme calling.');

    await page.fill('#say', 'who is this');
    await page.press('#say', 'Enter');
    await expect.poll(() => page.locator('#agent-said').innerText(), { timeout: 10_000 }).toBe('You said who is this.');
    const turns = page.locator('#transcript li');
    await expect.poll(() => turns.count(), { timeout: 10_000 }).toBe(3);
    expect(await turns.evaluateAll((items) => items.map((li) => [li.getAttribute('data-role'), li.querySelector('.said')?.textContent]))).toEqual([
      ['agent', 'Hello, this is Acme calling.'],
      ['user', 'who is this'],
      ['agent', 'You said who is this.'],
    ]);

    await page.fill('#text-body', 'Running late, see you at 7:15');
    await page.click('#send-text');
    await expect.poll(() => page.locator('#texts li').count(), { timeout: 15_000 }).toBe(2);
    await screenshot(page, 'playground-simulated-carrier.png');

    await page.click('#hang-up');
    await expect.poll(() => callOf(first.body.id), { timeout: 10_000 }).toEqual({ status: 'COMPLETED', disconnectionReason: 'caller_hangup' });

    await page.locator(`#outbound li[data-call-id="${second.body.id}"] button.hang-up-outbound`).click();
    await expect.poll(() => callOf(second.body.id), { timeout: 10_000 }).toEqual({ status: 'COMPLETED', disconnectionReason: 'caller_hangup' });
    await expect.poll(() => page.locator('#outbound li').allInnerTexts()).toEqual(['No outbound call is ringing (place one with POST /v1/calls).']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says, for a hosted agent on a server with no language model, how to give it one', async () => {
    const { page, problems } = await openPlayground();
    const warning = page.locator('#hosted-warning');
    await page.selectOption('#agent', line.agentId);
    expect(await warning.isVisible()).toBe(false);

    await page.selectOption('#agent', hostedAgentId);

    expect(await warning.isVisible()).toBe(true);
    const text = await warning.innerText();
    expect(text).toContain('LLM_BASE_URL=http://127.0.0.1:11434/v1');
    expect(text).toMatch(/llama\.cpp.*vLLM/);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Last: it adds a third agent.
  it('shows why a webhook agent with no webhook is silent, and what to set; the call panel says In call, the text panel its own news; no request fails', async () => {
    const silent = await h.api('POST', '/v1/agents', { name: 'Silent desk', voiceMode: 'webhook', greeting: 'Silent desk.' });
    expect(silent.status).toBe(200);
    const { page, problems } = await openPlayground(3, { failedResponses: true });
    expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel=icon]')?.href)).toBe(`${h.url}/playground/favicon.svg`);
    await page.selectOption('#agent', silent.body.id);

    await page.click('#start-call');
    await expect.poll(() => page.locator('#status').innerText(), { timeout: 10_000 }).toBe('In call. Say something.');
    await page.fill('#say', 'Hello?');
    await page.press('#say', 'Enter');

    const notice = page.locator('#transcript li[data-role=notice]');
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
    expect(await notice.getAttribute('data-reason')).toBe('no_webhook');
    const said = await notice.innerText();
    expect(said).toContain('no webhook is configured for the agent or the account');
    expect(said).toContain(`POST /v1/agents/${silent.body.id}/webhook`);
    expect(said).toContain('POST /v1/webhooks');
    expect(await page.locator('#status').innerText()).toMatch(/^The agent did not answer: .*no webhook is configured/);
    expect(await page.locator('#transcript li').evaluateAll((items) => items.map((li) => li.getAttribute('data-role')))).toEqual(['agent', 'user', 'notice']);

    // A text to the same agent gets no reply either: the text panel says why, the call's status stays.
    const silentNumber = await h.api('POST', '/v1/numbers', { agentId: silent.body.id });
    expect(silentNumber.status).toBe(200);
    await page.click('#load-agents');
    await expect.poll(() => page.locator('#text-number option').count()).toBe(2);
    await page.selectOption('#text-number', silentNumber.body.id);
    await page.fill('#text-body', 'Anyone?');
    await page.click('#send-text');
    await expect
      .poll(() => page.locator('#text-status').innerText(), { timeout: 15_000 })
      .toBe(
        'No reply: the agent is in webhook mode and no webhook is configured for the agent or the account, so the text was sent nowhere. ' +
          `To fix: set a webhook that replies with POST /v1/messages: POST /v1/agents/${silent.body.id}/webhook, or POST /v1/webhooks for the whole account.`,
      );

    await page.click('#hang-up');
    const icon = await fetch(`${h.url}/playground/favicon.svg`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('edits an agent’s conversation settings in its form and saves them; a value out of range is refused naming the field', async () => {
    // However many agents the cases before made.
    const { page, problems } = await openPlayground((await h.api('GET', '/v1/agents')).body.data.length);
    await page.selectOption('#agent', hostedAgentId);
    await page.click('#agent-settings summary');
    await expect.poll(() => page.locator('#agent-sttMode').inputValue(), { message: problems.join('\n') }).toBe('fast');

    await page.selectOption('#agent-sttMode', 'accurate');
    await page.fill('#agent-interruptionSensitivity', '0.3');
    await page.selectOption('#agent-interruptible', 'speech');
    await page.fill('#agent-hints', 'Acme\nZephyr');
    await page.fill('#agent-languages', 'es-ES Google.es-ES-Neural2-A');
    await page.check('#agent-enableMessaging');
    await page.selectOption('#agent-ambientSound', 'office');
    await page.click('#agent-save');

    await expect.poll(() => page.locator('#status').innerText(), { message: problems.join('\n') }).toBe('Settings saved.');
    expect((await h.api('GET', `/v1/agents/${hostedAgentId}`)).body).toMatchObject({
      sttMode: 'accurate',
      interruptionSensitivity: 0.3,
      interruptible: 'speech',
      hints: ['Acme', 'Zephyr'],
      languages: [{ code: 'es-ES', voice: 'Google.es-ES-Neural2-A' }],
      enableMessaging: true,
      ambientSound: 'office',
    });
    await expect.poll(() => page.locator('#agent-unsupported').innerText()).toContain('ambientSound');

    await page.fill('#agent-endOfTurnTimeoutMs', '5');
    await page.click('#agent-save');
    await expect.poll(() => page.locator('#status').innerText()).toContain('endOfTurnTimeoutMs');
    expect((await h.api('GET', `/v1/agents/${hostedAgentId}`)).body.endOfTurnTimeoutMs).toBeNull();
    expect(problems).toEqual([]);
  });
});
