import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

const MESSAGES = 'query ($id: ID!, $before: DateTime) { conversation(id: $id) { messages(before: $before) { items { body } } } }';
const SMS = 'mutation ($to: String!, $text: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: $text) { message { receivedAt } conversation { id } } }';

describe('the DateTime input of the admin console', () => {
  let h: AdminHarness;
  beforeEach(async () => {
    h = await anAdminConsole();
  });
  afterEach(async () => {
    await h.stop();
  });

  it('takes an ISO 8601 instant and refuses anything else with a validation error, as a variable or written in the query', async () => {
    const line = await h.anAgentOnTheLine();
    const first = (await h.data(SMS, { to: line.phoneNumber, text: 'first' })).simulateInboundSms;
    const second = (await h.data(SMS, { to: line.phoneNumber, text: 'second' })).simulateInboundSms;
    const id = first.conversation.id;

    const before = await h.data(MESSAGES, { id, before: second.message.receivedAt });
    const refused = await Promise.all(['yesterday', 'March 1, 2026', '1', 1767225600000].map((value) => h.gql(MESSAGES, { id, before: value })));
    const literal = await h.gql(`{ conversation(id: "${id}") { messages(before: "next week") { items { body } } } }`);

    expect(before.conversation.messages.items).toEqual([{ body: 'first' }]);
    for (const reply of [...refused, literal]) {
      expect(reply.body.errors[0]).toMatchObject({ message: expect.stringContaining('DateTime: not an ISO 8601 instant'), extensions: { code: 'VALIDATION_ERROR' } });
    }
  });
});
