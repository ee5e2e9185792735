import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

describe('the admin console’s scenario tests', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await anAdminConsole();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('shows an agent’s tests and its runs, with each verdict and why one failed', async () => {
    const agent = (await h.api('POST', '/v1/agents', { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' })).body.id as string;
    await h.api('POST', `/v1/agents/${agent}/tests`, { name: 'says the hours', caller: { script: [{ hangUp: true }] }, expect: [{ said: 'nine to five' }] });
    const run = (await h.api('POST', '/v1/test-runs', { agentId: agent })).body.id as string;
    await eventually(async () => (await h.api('GET', `/v1/test-runs/${run}`)).body.status === 'completed', { within: 20_000 });

    const { project } = await h.data(
      `query ($id: ID!) { project(id: $id) { agents { items { id
        tests { total items { name scenario } }
        testRuns { total items { id status total failed results { name verdict expectations { passed message } transcript } } } } } } }`,
      { id: h.owner.projectId },
    );
    const shown = project.agents.items.find((a: { id: string }) => a.id === agent);
    expect(shown.tests).toMatchObject({ total: 1, items: [{ name: 'says the hours', scenario: { name: 'says the hours' } }] });
    expect(shown.testRuns).toEqual({
      total: 1,
      items: [{
        id: run,
        status: 'completed',
        total: 1,
        failed: 1,
        results: [{ name: 'says the hours', verdict: 'failed', expectations: [{ passed: false, message: 'expected the agent to say "nine to five", but it said "Hello, desk here."' }], transcript: ['agent: Hello, desk here.'] }],
      }],
    });
  });
});
