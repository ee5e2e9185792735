import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aTwilioSwitchboard, type TwilioSwitchboard } from '../../support/twilio-switchboard.js';
import { anAdminConsole, type AdminHarness } from '../graphql-admin/admin-harness.js';

const TEXTER = '+12125550199';
const OVER = 'x'.repeat(1601);
const AT_LIMIT = 'y'.repeat(1600);

describe('an inbound text longer than a text can be (1,600 characters, Twilio error 21617)', () => {
  describe('from Twilio', () => {
    let h: TwilioSwitchboard;
    let owner: { api_key: string; phone_number: string };
    beforeAll(async () => {
      h = await aTwilioSwitchboard();
      owner = await h.signedUp('long-texts@example.com');
    });
    afterAll(async () => {
      await h?.close();
    });

    const bodies = async () => {
      const threads = (await h.call('GET', '/v1/conversations', { key: owner.api_key })).body.data as { id: string }[];
      const messages = await Promise.all(threads.map(async ({ id }) => (await h.call('GET', `/v1/conversations/${id}`, { key: owner.api_key })).body.messages));
      return messages.flat().map((message: { body: string }) => message.body);
    };

    it('is refused with 400 naming Body, and nothing is stored; one of 1,600 is stored whole', async () => {
      const refused = await h.twilioPost('/twilio/sms', { MessageSid: 'SM_over', From: TEXTER, To: owner.phone_number, Body: OVER });
      const stored = await h.twilioPost('/twilio/sms', { MessageSid: 'SM_at_limit', From: TEXTER, To: owner.phone_number, Body: AT_LIMIT });

      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'Body', message: expect.stringContaining('at most 1600 characters') }] });
      expect(stored.status).toBe(200);
      expect(await bodies()).toEqual([AT_LIMIT]);
    });
  });

  describe('from the simulated carrier (the admin console)', () => {
    let h: AdminHarness;
    beforeAll(async () => {
      h = await anAdminConsole();
    });
    afterAll(async () => {
      await h?.stop();
    });

    it('is refused with a validation error naming body, and nothing is stored', async () => {
      const line = await h.anAgentOnTheLine();
      const SMS = 'mutation ($to: String!, $text: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: $text) { conversation { id } } }';

      const refused = await h.gql(SMS, { to: line.phoneNumber, text: OVER });
      const stored = await h.data(SMS, { to: line.phoneNumber, text: AT_LIMIT });
      const thread = await h.data('query ($id: ID!) { conversation(id: $id) { messages { items { body } } } }', { id: stored.simulateInboundSms.conversation.id });

      expect(refused.body.errors[0]).toMatchObject({ message: expect.stringContaining('at most 1600 characters'), extensions: { code: 'VALIDATION_ERROR' } });
      expect(thread.conversation.messages.items).toEqual([{ body: AT_LIMIT }]);
    });
  });
});
