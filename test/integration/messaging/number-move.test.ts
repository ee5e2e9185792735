import { describe, expect, it } from 'vitest';
import { AttachNumber } from '../../../src/application/use-cases/agents/attach-number.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { createAgentViaApi } from '../rest/harness.js';
import { aMessagingApi, PARTICIPANT } from './messaging-harness.js';

const NEWCOMER = trustE164('+13125550111');

/** An agent with a number, texted once, and a second agent; each agent with a webhook of its own. */
const aNumberAboutToMove = async () => {
  const api = await aMessagingApi();
  const first = await api.anAgentWithNumber({ name: 'First' });
  const second = await createAgentViaApi(api, { name: 'Second' });
  for (const [agentId, url] of [[first.agentId, 'https://first.example.com/hook'], [second, 'https://second.example.com/hook']]) {
    expect((await api.call('POST', `/v1/agents/${agentId}/webhook`, { body: { url } })).status).toBe(200);
  }
  const before = await api.receive(first.numberId, 'before the move');
  api.clock.advance(1000);
  return { api, first, second, earlierThread: before.conversation.id, earlierMessage: before.message.id };
};

const threadIdsOf = async (api: Awaited<ReturnType<typeof aMessagingApi>>, agentId: string) =>
  (await api.call('GET', `/v1/agents/${agentId}/conversations`)).body.data.map((c: { id: string }) => c.id);

/** Where each queued event went: the webhook's URL, by the message it is about. */
const deliveryUrls = (api: Awaited<ReturnType<typeof aMessagingApi>>) =>
  [...api.uow.tables.deliveries.values()].map((d) => ({
    messageId: JSON.parse(d.body).data.messageId,
    url: api.uow.tables.webhooks.get(d.webhookId)!.url,
  }));

describe(`${AttachNumber.name}: moving a number to another agent`, () => {
  it('leaves the first agent its threads, and gives the second agent the texts that come after', async () => {
    const { api, first, second, earlierThread, earlierMessage } = await aNumberAboutToMove();

    const moved = await api.call('POST', `/v1/agents/${second}/numbers`, { body: { numberId: first.numberId } });
    const after = await api.receive(first.numberId, 'after the move', { from: NEWCOMER });

    expect(moved.status).toBe(200);
    expect((await api.call('GET', `/v1/agents/${first.agentId}`)).body.numbers).toEqual([]);
    expect((await api.call('GET', `/v1/conversations/${earlierThread}`)).body).toMatchObject({ agentId: first.agentId, messageCount: 1 });
    expect(await threadIdsOf(api, first.agentId)).toEqual([earlierThread]);
    expect(after.conversation).toMatchObject({ agentId: second, participant: NEWCOMER });
    expect(await threadIdsOf(api, second)).toEqual([after.conversation.id]);
    expect(deliveryUrls(api)).toEqual([
      { messageId: earlierMessage, url: 'https://first.example.com/hook' },
      { messageId: after.message.id, url: 'https://second.example.com/hook' },
    ]);
  });

  it("continues a thread with the number's new agent when its participant writes again", async () => {
    const { api, first, second, earlierThread } = await aNumberAboutToMove();
    await api.call('POST', `/v1/agents/${second}/numbers`, { body: { numberId: first.numberId } });

    const again = await api.receive(first.numberId, 'me again', { from: PARTICIPANT });

    expect(again.conversation).toMatchObject({ id: earlierThread, agentId: second, messageCount: 2 });
    expect(await threadIdsOf(api, first.agentId)).toEqual([]);
    expect(deliveryUrls(api).find((d) => d.messageId === again.message.id)?.url).toBe('https://second.example.com/hook');
  });
});
