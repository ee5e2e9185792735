import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../src/application/ports/webhook-transport.js';
import { trustE164 } from '../../src/domain/e164.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { createSwitchboard, ScriptedLanguageModel, SimulatedTelephony, TOKENS, type Switchboard } from '../../src/index.js';

/** Keeps every event it is handed and answers 200, without any network. */
class RecordingWebhookTransport implements WebhookTransport {
  readonly sent: WebhookRequest[] = [];
  async send(request: WebhookRequest): Promise<WebhookResponse> {
    this.sent.push(request);
    return { ok: true, httpStatus: 200, errorMessage: null, responseBody: null, durationMs: 1 };
  }
  events(): { event: string; channel: string }[] {
    return this.sent.map((request) => JSON.parse(request.body) as { event: string; channel: string });
  }
}

const CUSTOMER = trustE164('+12125550199');

describe('a host swapping ports by token', () => {
  const telephony = new SimulatedTelephony();
  const model = new ScriptedLanguageModel(['We open at nine.', 'Yes, every weekday.']);
  const transport = new RecordingWebhookTransport();
  let switchboard: Switchboard;
  let apiKey = '';

  beforeAll(async () => {
    switchboard = createSwitchboard({
      env: {},
      storage: 'memory',
      logger: silentLogger(),
      override: (rebind) => {
        rebind(TOKENS.telephony).toConstantValue(telephony);
        rebind(TOKENS.languageModel).toConstantValue(model);
        rebind(TOKENS.webhookTransport).toConstantValue(transport);
      },
    });
    await switchboard.start();
    const created = await switchboard.useCases().projects.createProject.execute({ email: trustMailbox('host@example.com') })();
    if (E.isLeft(created)) throw new Error(created.left._tag);
    apiKey = created.right.apiKey.clear;
  });

  afterAll(async () => {
    await switchboard.close();
  });

  const api = async (method: string, path: string, body: unknown) => {
    const response = await switchboard.fetch(
      new Request(`http://host${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  };

  it('runs a text and a call of a hosted agent through the host’s carrier, model and webhook transport', async () => {
    const agent = await api('POST', '/v1/agents', { name: 'Bakery', voiceMode: 'hosted', systemPrompt: 'You are the Acme bakery.', greeting: 'Acme bakery, hello!' });
    expect(agent.status).toBe(200);
    const number = await api('POST', '/v1/numbers', { agentId: agent.body.id });
    expect(number.status).toBe(200);
    expect((await api('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/events' })).status).toBe(200);
    expect(telephony.heldNumbers().map((held) => held.phoneNumber)).toEqual([number.body.phoneNumber]);

    const text = await switchboard.useCases().messages.receiveInboundSms.execute({
      to: trustE164(number.body.phoneNumber),
      from: CUSTOMER,
      body: 'When do you open?',
      mediaUrls: [],
      providerMessageId: null,
    })();
    expect(E.isRight(text)).toBe(true);
    await vi.waitFor(() => expect(telephony.outbox.map((sms) => [sms.to, sms.body])).toEqual([[CUSTOMER, 'We open at nine.']]));

    const started = await switchboard.voice().simulated!.startInbound({ from: CUSTOMER, to: number.body.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    const call = started.right;
    switchboard.voice().simulated!.sayAsCaller(call.callId, 'Are you open on Mondays?');
    await call.until((c) => c.utterances().includes('Yes, every weekday.'));
    await switchboard.voice().simulated!.hangUp(call.callId);

    expect(model.requests).toHaveLength(2);
    await vi.waitFor(() =>
      expect(transport.events().map((e) => `${e.event} ${e.channel}`)).toEqual(
        expect.arrayContaining(['agent.message sms', 'agent.call_ended voice']),
      ),
    );
    expect(transport.sent.every((request) => request.url === 'http://127.0.0.1:9/events')).toBe(true);
  });
});
