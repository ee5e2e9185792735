import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, storesUnderTest, toolErrorOf, type McpHarness } from './mcp-harness.js';

/** `buy_number` as AgentPhone defines it: nothing is bought without `confirm: true`. */
describe.each(storesUnderTest())('buy_number on %s', (_, store) => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => resultOf(await client.callTool({ name, arguments: args }));
  const numbersHeld = async () => (await call('list_numbers', {})).total as number;
  const balance = async () => (await call('get_usage', {})).balanceCents as number;

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store });
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('without confirm: buys nothing, charges nothing, and says what the purchase would be and how to confirm it', async () => {
    const agent = await call('create_agent', { name: 'Desk' });
    const [heldBefore, balanceBefore] = [await numbersHeld(), await balance()];

    const answer = await client.callTool({ name: 'buy_number', arguments: { area_code: '415', agent_id: agent.id } });
    const preview = resultOf(answer);

    expect(await numbersHeld()).toBe(heldBefore);
    expect(await balance()).toBe(balanceBefore);
    expect(preview).toMatchObject({
      confirmed: false,
      country: 'US',
      areaCode: '415',
      agentId: agent.id,
      balanceCents: balanceBefore,
      monthlyPriceCents: expect.any(Number),
      example: { phoneNumber: expect.stringMatching(/^\+1415/) },
      confirmWith: { country: 'US', area_code: '415', agent_id: agent.id, confirm: true },
    });
    const summary = (answer.content as { type: string; text: string }[])[0]!.text;
    expect(summary).toMatch(/^Nothing bought yet\./);
    expect(summary).toContain('"confirm":true');
  });

  it('with confirm: true buys the number the preview described, attached to the agent', async () => {
    const agent = await call('create_agent', { name: 'Sales' });
    const preview = await call('buy_number', { area_code: '415', agent_id: agent.id });
    const heldBefore = await numbersHeld();

    const bought = await call('buy_number', preview.confirmWith as Record<string, unknown>);

    expect(bought).toMatchObject({ confirmed: true, phoneNumber: expect.stringMatching(/^\+1415/), agentId: agent.id });
    expect(await numbersHeld()).toBe(heldBefore + 1);
  });

  it('confirm: false is a preview too; a preview refuses as the purchase would', async () => {
    const heldBefore = await numbersHeld();
    expect(await call('buy_number', { confirm: false })).toMatchObject({ confirmed: false, country: 'US', areaCode: null });
    expect(toolErrorOf(await client.callTool({ name: 'buy_number', arguments: { agent_id: 'agt_missing' } }))).toMatchObject({
      code: expect.stringMatching(/NOT_FOUND$/),
    });
    expect(toolErrorOf(await client.callTool({ name: 'buy_number', arguments: { confirm: 'yes' } }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'confirm' }],
    });
    expect(await numbersHeld()).toBe(heldBefore);
  });
});
