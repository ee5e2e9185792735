import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aRegisterBody } from '../../support/registration-builders.js';
import { anMcpSwitchboard, resultOf, storesUnderTest, toolErrorOf, type McpHarness } from './mcp-harness.js';

const TO = '+14155550142';
const PICTURE = 'https://example.com/menu.png';

/** `send_message` with AgentPhone's arguments: the sender by number alone, one picture as `media_url`. */
describe.each(storesUnderTest())('send_message on %s', (_, store) => {
  let h: McpHarness;
  let client: Client;
  let agent: { id: string };
  let number: { id: string; phoneNumber: string };
  const call = async (name: string, args: Record<string, unknown>) => resultOf(await client.callTool({ name, arguments: args }));
  const sentOn = async (conversationId: string) =>
    ((await call('get_conversation', { conversation_id: conversationId })).messages as { id: string; mediaUrls: string[]; body: string }[]) ?? [];

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store });
    client = await h.httpClient();
    agent = await call('create_agent', { name: 'Texts' });
    number = await call('buy_number', { agent_id: agent.id, confirm: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('sends from `from_number` alone, as the agent the number is attached to', async () => {
    const sent = await call('send_message', { from_number: number.phoneNumber, to_number: TO, body: 'From the number' });
    expect(sent).toMatchObject({ from_number: number.phoneNumber, to_number: TO });
    const conversation = await call('get_conversation', { conversation_id: sent.conversation_id });
    expect(conversation).toMatchObject({ agentId: agent.id });
  });

  it('sends from `number_id` alone', async () => {
    expect(await call('send_message', { number_id: number.id, to_number: TO, body: 'By id' })).toMatchObject({ from_number: number.phoneNumber });
  });

  it('keeps `media_url` as the message’s picture, with any `media_urls` after it', async () => {
    const sent = await call('send_message', { agent_id: agent.id, to_number: TO, body: 'See the menu', media_url: PICTURE, media_urls: ['https://example.com/2.png'] });
    const message = (await sentOn(sent.conversation_id as string)).find((m) => m.id === sent.id);
    expect(message?.mediaUrls).toEqual([PICTURE, 'https://example.com/2.png']);
  });

  it('refuses a send that names no sender, a bad media_url, and a number with no agent, each naming the argument', async () => {
    expect(toolErrorOf(await client.callTool({ name: 'send_message', arguments: { to_number: TO, body: 'Who?' } }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'agent_id' }],
    });
    expect(toolErrorOf(await client.callTool({ name: 'send_message', arguments: { agent_id: agent.id, to_number: TO, body: 'x', media_url: 'ftp://x' } }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'media_url' }],
    });
    const loose = await call('buy_number', { confirm: true });
    expect(toolErrorOf(await client.callTool({ name: 'send_message', arguments: { number_id: loose.id, to_number: TO, body: 'x' } }))).toMatchObject({
      message: expect.stringContaining('not attached to an agent'),
    });
  });

  it('warns in the answer while the project has no approved A2P 10DLC registration, and no longer once it has', async () => {
    const before = await client.callTool({ name: 'send_message', arguments: { agent_id: agent.id, to_number: TO, body: 'Before' } });
    const registered = await h.api('POST', '/v1/register', aRegisterBody());
    const approved = await h.api('GET', '/v1/register/status');
    const after = await call('send_message', { agent_id: agent.id, to_number: TO, body: 'After' });

    expect(resultOf(before).warning).toContain('no A2P 10DLC registration');
    expect(JSON.stringify(before.content)).toContain('Warning: This project has no A2P 10DLC registration');
    expect([registered.status, approved.body.status]).toEqual([200, 'approved']);
    expect(after.warning).toBeUndefined();
  });
});
