import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { HostedSmsResponder } from '../../../src/application/hosted/hosted-sms-responder.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { anInboundSms } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { answer, failure, FakeChatCompletions, text, waitFor } from '../../support/fake-chat-completions.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const CUSTOMER = trustE164('+12125550199');

describe(HostedSmsResponder.name, () => {
  let fake: FakeChatCompletions;
  let harness: VoiceHarness;
  let telephony: SimulatedTelephony;
  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
    telephony = new SimulatedTelephony();
    harness = await aVoiceSwitchboard({ twilio: false, telephony, config: { llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'test-model' } } });
  });
  afterEach(async () => {
    await harness.stop();
    await fake.stop();
  });

  /** A text from the customer, as the carrier delivers it. */
  const textFromCustomer = async (to: string, body: string) => {
    const received = await harness.sut.useCases().messages.receiveInboundSms.execute(anInboundSms({ to: trustE164(to), from: CUSTOMER, body }))();
    if (E.isLeft(received)) throw new Error(received.left._tag);
    return received.right;
  };
  const outboxHas = (count: number) =>
    eventually(() => telephony.outbox.length >= count, { what: () => `${count} texts in the outbox; it holds ${telephony.outbox.length}` });
  const aHostedTexter = (webhook: Record<string, unknown> = {}) =>
    harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are the Acme bakery. Be cheerful.' }, webhook);

  it('answers a text to a hosted agent through the carrier, from the same number, and the thread shows both', async () => {
    const line = await aHostedTexter();
    fake.reply(answer(text('Yes, we deliver'), text(' every day!')));

    const received = await textFromCustomer(line.phoneNumber, 'Hi, do you deliver?');
    await outboxHas(1);

    expect(telephony.outbox[0]).toMatchObject({ from: line.phoneNumber, to: CUSTOMER, body: 'Yes, we deliver every day!' });
    const sent = fake.requests[0]!.body;
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('You are the Acme bakery. Be cheerful.') });
    expect(sent.messages.slice(1)).toEqual([{ role: 'user', content: 'Hi, do you deliver?' }]);
    const thread = (await harness.api('GET', `/v1/conversations/${received.conversation.id}`)).body;
    expect(thread.messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ['outbound', 'Yes, we deliver every day!'],
      ['inbound', 'Hi, do you deliver?'],
    ]);
    await harness.hook.next((r) => r.body?.event === 'agent.message' && r.body.channel === 'sms');
  });

  it('gives the model the last contextLimit messages and the conversation state', async () => {
    const line = await aHostedTexter({ contextLimit: 1 });
    fake.reply(answer(text('Yes, we deliver.')), answer(text('Yes, 60601 too.')));
    const first = await textFromCustomer(line.phoneNumber, 'Do you deliver?');
    await outboxHas(1);
    await harness.api('PATCH', `/v1/conversations/${first.conversation.id}`, { state: { customerTier: 'gold' } });

    await textFromCustomer(line.phoneNumber, 'To 60601?');
    await outboxHas(2);

    const sent = fake.requests[1]!.body;
    expect(sent.messages[0].content).toContain('conversationState): {"customerTier":"gold"}');
    expect(sent.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Yes, we deliver.' },
      { role: 'user', content: 'To 60601?' },
    ]);
    expect(telephony.outbox.map((sms) => sms.body)).toEqual(['Yes, we deliver.', 'Yes, 60601 too.']);
  });

  it('answers texts that arrive while it is busy in one reply that sees them all', async () => {
    const line = await aHostedTexter();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    fake.reply(answer(waitFor(() => released), text('Good morning!')), answer(text('Both noted.')));
    await textFromCustomer(line.phoneNumber, 'Good morning');
    await fake.received(1);

    await textFromCustomer(line.phoneNumber, 'One loaf please');
    await textFromCustomer(line.phoneNumber, 'And a croissant');
    release();
    await outboxHas(2);
    await harness.sut.settled();

    expect(telephony.outbox.map((sms) => sms.body)).toEqual(['Good morning!', 'Both noted.']);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.slice(-2)).toEqual([
      { role: 'user', content: 'One loaf please' },
      { role: 'user', content: 'And a croissant' },
    ]);
  });

  it('sends nothing when the model fails, and leaves texts to webhook-mode agents to the webhook', async () => {
    const hosted = await aHostedTexter();
    const webhookMode = await harness.anAgentOnTheLine();
    fake.reply(failure(500));

    await textFromCustomer(hosted.phoneNumber, 'Hello?');
    await textFromCustomer(webhookMode.phoneNumber, 'Hello?');
    await fake.received(1);
    await harness.hook.next((r) => r.body?.event === 'agent.message' && r.body.data.to === webhookMode.phoneNumber);
    await harness.sut.settled();

    expect(telephony.outbox).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(harness.logger.lines.some((l) => l.level === 'error' && /HTTP 500/.test(String(l.fields.err)))).toBe(true);
  });
});
