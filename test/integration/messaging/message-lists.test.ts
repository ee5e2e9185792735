import { describe, expect, it } from 'vitest';
import { ListConversationMessages } from '../../../src/application/use-cases/messages/list-conversation-messages.js';
import { ListNumberMessages } from '../../../src/application/use-cases/messages/list-number-messages.js';
import { aMessagingApi, PARTICIPANT } from './messaging-harness.js';

type Page = { data: { id: string; body: string; receivedAt: string }[]; hasMore: boolean };

/**
 * Seven texts, five of them arriving while the clock shows the same millisecond: the list
 * must still page through every one exactly once.
 */
const aBusyThread = async () => {
  const api = await aMessagingApi();
  const { numberId } = await api.anAgentWithNumber();
  let conversationId = '';
  for (const [i, advance] of [0, 0, 0, 0, 0, 1000, 0].entries()) {
    api.clock.advance(advance);
    conversationId = (await api.receive(numberId, `m${i + 1}`)).conversation.id;
  }
  return { api, numberId, conversationId };
};

const everyPage = async (api: Awaited<ReturnType<typeof aMessagingApi>>, path: string, limit: number) => {
  const pages: Page[] = [];
  let before: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(before ? { before } : {}) });
    const reply = await api.call('GET', `${path}?${query}`);
    expect(reply.status).toBe(200);
    pages.push(reply.body);
    before = reply.body.data.at(-1)?.receivedAt ?? null;
  } while (pages.at(-1)!.hasMore);
  return pages;
};

describe(ListConversationMessages.name, () => {
  describe('GET /v1/conversations/{id}/messages', () => {
    it('pages newest first by receivedAt, every message exactly once, though several arrived in one millisecond', async () => {
      const { api, conversationId } = await aBusyThread();

      const pages = await everyPage(api, `/v1/conversations/${conversationId}/messages`, 2);

      expect(pages.map((p) => [p.data.map((m) => m.body), p.hasMore])).toEqual([
        [['m7', 'm6'], true],
        [['m5', 'm4'], true],
        [['m3', 'm2'], true],
        [['m1'], false],
      ]);
      const times = pages.flatMap((p) => p.data.map((m) => m.receivedAt));
      expect(new Set(times).size).toBe(7);
      expect(times.slice(2)).toEqual([
        '2026-05-01T12:00:00.004Z',
        '2026-05-01T12:00:00.003Z',
        '2026-05-01T12:00:00.002Z',
        '2026-05-01T12:00:00.001Z',
        '2026-05-01T12:00:00.000Z',
      ]);
    });

    it('answers the message shape and the {data, hasMore} envelope', async () => {
      const { api, conversationId } = await aBusyThread();

      const reply = await api.call('GET', `/v1/conversations/${conversationId}/messages?limit=1`);

      expect(reply.body).toEqual({
        data: [
          {
            id: expect.stringMatching(/^msg_/),
            conversationId,
            body: 'm7',
            fromNumber: PARTICIPANT,
            toNumber: expect.stringMatching(/^\+1\d{10}$/),
            direction: 'inbound',
            channel: 'sms',
            status: 'received',
            mediaUrls: [],
            receivedAt: '2026-05-01T12:00:01.001Z',
            providerMessageId: null,
          },
        ],
        hasMore: true,
      });
    });

    it('keeps to what came after `after`, and to a window with both bounds', async () => {
      const { api, conversationId } = await aBusyThread();
      const path = `/v1/conversations/${conversationId}/messages`;
      const all: Page = (await api.call('GET', path)).body;
      const atOf = (body: string) => all.data.find((m) => m.body === body)!.receivedAt;

      const after = await api.call('GET', `${path}?after=${atOf('m3')}`);
      const newest = await api.call('GET', `${path}?after=${atOf('m3')}&limit=2`);
      const window = await api.call('GET', `${path}?after=${atOf('m2')}&before=${atOf('m6')}`);

      expect(after.body.data.map((m: { body: string }) => m.body)).toEqual(['m7', 'm6', 'm5', 'm4']);
      expect(after.body.hasMore).toBe(false);
      expect([newest.body.data.map((m: { body: string }) => m.body), newest.body.hasMore]).toEqual([['m7', 'm6'], true]);
      expect(window.body.data.map((m: { body: string }) => m.body)).toEqual(['m5', 'm4', 'm3']);
    });

    it('reads cursors with any time zone offset, an unencoded + and sub-millisecond digits', async () => {
      const { api, conversationId } = await aBusyThread();
      const path = `/v1/conversations/${conversationId}/messages`;
      const bodies = async (query: string) => (await api.call('GET', `${path}?${query}`)).body.data.map((m: { body: string }) => m.body);

      // m3 is 12:00:00.002Z; m6 is 12:00:01.000Z, m7 12:00:01.001Z.
      expect(await bodies('before=2026-05-01T14:00:00.002%2B02:00')).toEqual(['m2', 'm1']);
      expect(await bodies('before=2026-05-01T14:00:00.002+02:00')).toEqual(['m2', 'm1']);
      expect(await bodies('before=2026-05-01T12:00:00.0020001Z')).toEqual(['m3', 'm2', 'm1']);
      expect(await bodies('after=2026-05-01T12:00:00.9999999Z')).toEqual(['m7', 'm6']);
      expect(await bodies('after=2026-05-01T12:00:01')).toEqual(['m7']);
    });

    it.each([
      ['a date without a time', 'before=2026-05-01', 'before'],
      ['a non-date', 'before=yesterday', 'before'],
      ['a month 13', 'after=2026-13-01T00:00:00Z', 'after'],
      ['30 February', 'after=2026-02-30T00:00:00Z', 'after'],
      ['a Unix timestamp', 'after=1767225600', 'after'],
      ['limit 0', 'limit=0', 'limit'],
      ['limit 201', 'limit=201', 'limit'],
    ])('refuses %s with 422', async (_, query, field) => {
      const { api, conversationId } = await aBusyThread();

      const reply = await api.call('GET', `/v1/conversations/${conversationId}/messages?${query}`);

      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field })] });
      expect(reply.body.detail).toEqual([expect.objectContaining({ loc: ['query', field] })]);
    });

    it('answers 404 for a conversation of another project', async () => {
      const { api, conversationId } = await aBusyThread();
      const other = await api.signUp('other@example.com');

      const reply = await api.call('GET', `/v1/conversations/${conversationId}/messages`, { key: other.key });

      expect(reply.status).toBe(404);
      expect(reply.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Conversation ${conversationId} not found` });
    });
  });

});

describe(ListNumberMessages.name, () => {
  describe('GET /v1/numbers/{id}/messages', () => {
    it("pages every thread of the number with from/to aliases, and keeps a released number's history", async () => {
      const { api, numberId } = await aBusyThread();
      const { phoneNumber } = (await api.call('GET', `/v1/numbers/${numberId}`)).body;
      const stranger = '+13125550123';
      api.clock.advance(0);
      await api.receive(numberId, 'from a stranger', { from: stranger as never });
      expect((await api.call('DELETE', `/v1/numbers/${numberId}`)).status).toBe(200);

      const pages = await everyPage(api, `/v1/numbers/${numberId}/messages`, 3);

      expect(pages.flatMap((p) => p.data.map((m) => m.body))).toEqual(['from a stranger', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);
      expect(pages[0]!.data[0]).toMatchObject({ fromNumber: stranger, from: stranger, toNumber: phoneNumber, to: phoneNumber });
    });

    it('answers 404 PHONE_NUMBER_NOT_FOUND for a number of another project', async () => {
      const { api, numberId } = await aBusyThread();
      const other = await api.signUp('other@example.com');

      const reply = await api.call('GET', `/v1/numbers/${numberId}/messages`, { key: other.key });

      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe('PHONE_NUMBER_NOT_FOUND');
    });
  });
});
