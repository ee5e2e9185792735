import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentPhone, AgentPhoneClient } from 'agentphone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../support/agentphone-failure.js';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { trustE164 } from '../../src/domain/e164.js';
import { createSwitchboard, type Switchboard } from '../../src/index.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { anInboundSms } from '../support/builders.js';
import { eventually } from '../support/eventually.js';
import { catalogued } from '../support/outbound-events.js';

/**
 * The public TypeScript client of the hosted platform (`agentphone` on npm) against a
 * Switchboard on a real port: every call the client offers that the interface covers,
 * asserting on the values the client hands back.
 */

const PARTICIPANT = '+12125550199';
const RECIPIENT = '+13125550142';
const AGENT_REPLY = 'Happy to help with that.';

/** What the customer's endpoint received: the event name and parsed body. */
interface Hook {
  readonly event: string;
  readonly id: string;
  readonly raw: string;
  readonly body: { event: string; channel: string; agentId: string | null; data: Record<string, unknown> };
}

/** The customer's endpoint: records every event, answers voice turns with a line to speak. */
const startCustomerEndpoint = async () => {
  const received: Hook[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw || 'null') as Hook['body'];
      received.push({ event: String(req.headers['x-webhook-event'] ?? ''), id: String(req.headers['x-webhook-id'] ?? ''), raw, body });
      if (body?.event === 'agent.message' && body.channel === 'voice') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: AGENT_REPLY }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('the agentphone client against Switchboard', () => {
  let switchboard: Switchboard;
  let server: Server;
  let origin: string;
  let apiKey: string;
  let client: AgentPhoneClient;
  let endpoint: Awaited<ReturnType<typeof startCustomerEndpoint>>;

  // Shared across the steps below, which run in order.
  let voiceId: string;
  let agent: AgentPhone.AgentResponse;
  let number: AgentPhone.PhoneNumberResponse;
  let conversationId: string;

  beforeAll(async () => {
    endpoint = await startCustomerEndpoint();
    switchboard = createSwitchboard({ env: {}, storage: 'memory', logger: silentLogger() });
    await switchboard.start();
    const created = await switchboard.useCases().projects.createProject.execute({ email: trustMailbox('client@example.com') })();
    if (created._tag === 'Left') throw new Error(JSON.stringify(created.left));
    apiKey = created.right.apiKey.clear;
    server = createServer(switchboard.requestListener);
    server.on('upgrade', (req, socket, head) => {
      void switchboard.handleUpgrade(req, socket, head).then((taken) => {
        if (!taken) socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = new AgentPhoneClient({ baseUrl: origin, token: apiKey, maxRetries: 0 });
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await switchboard?.close();
    await endpoint?.close();
  });

  it('refuses a client without a valid key with 401', async () => {
    const stranger = new AgentPhoneClient({ baseUrl: origin, token: 'sk_live_nope', maxRetries: 0 });
    const failure = await failureOf(stranger.agents.listAgents());
    expect(failure.statusCode).toBe(401);
  });

  it('lists voices', async () => {
    const voices = (await client.agents.listVoices()) as { data: { voice_id: string; voice_name: string; provider: string }[] };
    expect(voices.data.length).toBeGreaterThan(0);
    expect(voices.data[0]).toEqual(expect.objectContaining({ voice_id: expect.any(String), voice_name: expect.any(String), provider: expect.any(String) }));
    voiceId = voices.data.at(-1)!.voice_id;
  });

  it('creates, reads, lists, updates and deletes agents', async () => {
    agent = await client.agents.createAgent({
      name: 'Front desk',
      description: 'Answers the main line',
      voiceMode: 'webhook',
      beginMessage: 'Thanks for calling Acme.',
      voice: voiceId,
      transferNumber: '+14155550100',
      language: 'en-US',
    });
    expect(agent).toMatchObject({
      id: expect.stringMatching(/^agt_/),
      name: 'Front desk',
      description: 'Answers the main line',
      voiceMode: 'webhook',
      beginMessage: 'Thanks for calling Acme.',
      voice: voiceId,
      transferNumber: '+14155550100',
      language: 'en-US',
      createdAt: expect.stringMatching(ISO),
      numbers: [],
    });

    const hosted = await client.agents.createAgent({ name: 'Concierge', voiceMode: 'hosted', systemPrompt: 'You are a concierge.' });
    expect(hosted).toMatchObject({ name: 'Concierge', voiceMode: 'hosted', systemPrompt: 'You are a concierge.', description: null });

    const read = await client.agents.getAgent({ agent_id: agent.id });
    expect(read).toMatchObject({ id: agent.id, name: 'Front desk', beginMessage: 'Thanks for calling Acme.', numbers: [] });

    const listed = await client.agents.listAgents();
    expect(listed.total).toBe(2);
    expect(listed.data.map((a) => a.id).sort()).toEqual([agent.id, hosted.id].sort());
    const paged = await client.agents.listAgents({ offset: 1 });
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBe(2);

    const updated = await client.agents.updateAgent({ agent_id: agent.id, beginMessage: 'Hello from Acme.', transferNumber: '' });
    expect(updated).toMatchObject({ id: agent.id, name: 'Front desk', beginMessage: 'Hello from Acme.', transferNumber: null });
    agent = updated;

    const deleted = await client.agents.deleteAgent({ agent_id: hosted.id });
    expect(deleted).toEqual({ success: true, id: hosted.id, name: 'Concierge' });
    expect((await failureOf(client.agents.getAgent({ agent_id: hosted.id }))).statusCode).toBe(404);
    expect((await client.agents.listAgents()).total).toBe(1);
  });

  it('round-trips custom tools through agents.create and agents.update, and refuses a bad one with 422', async () => {
    const lookup: AgentPhone.CustomToolParam = {
      name: 'lookup_order',
      description: 'Looks up an order by its number.',
      url: 'https://api.example.com/orders/{{caller_number}}',
      method: 'POST',
      headers: { Authorization: 'Bearer abc', 'X-Unused': null },
      parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      timeoutMs: 8000,
      speakDuringExecution: true,
      executionMessage: 'One moment while I check.',
    };
    const created = await client.agents.createAgent({ name: 'Order desk', voiceMode: 'hosted', systemPrompt: 'You track orders.', customTools: [lookup] });
    expect(created.customTools).toEqual([{ ...lookup, headers: { Authorization: 'Bearer abc' } }]);

    const status: AgentPhone.CustomToolParam = { name: 'store_status', description: 'Is the store open?', url: 'https://api.example.com/status' };
    const updated = await client.agents.updateAgent({ agent_id: created.id, customTools: [status] });
    expect(updated.customTools).toEqual([
      { ...status, method: 'POST', headers: {}, parameters: { type: 'object', properties: {} }, timeoutMs: 10_000, speakDuringExecution: false, executionMessage: null },
    ]);
    expect((await client.agents.getAgent({ agent_id: created.id })).customTools).toEqual(updated.customTools);

    const refused = await failureOf(client.agents.updateAgent({ agent_id: created.id, customTools: [{ ...status, name: 'not a name' }] }));
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('customTools.0.name');
    const cleared = await client.agents.updateAgent({ agent_id: created.id, customTools: null });
    expect(cleared.customTools).toEqual([]);
    await client.agents.deleteAgent({ agent_id: created.id });
  });

  it('creates an agent with its conversation fields and reads them back; a speed on a voice that takes none is a 422', async () => {
    const conversation = {
      interruptionSensitivity: 0.3,
      enableBackchannel: false,
      enableMessaging: false,
      sttMode: 'accurate',
      denoisingMode: 'noise-and-background-speech-cancellation',
      ambientSound: 'office',
      modelTier: 'max',
      voiceSpeed: 1.1,
    } as const;
    const created = await client.agents.createAgent({ name: 'Careful listener', voice: 'ElevenLabs.NYC9WEgkq1u4jiqBseQ9', ...conversation });
    expect(created).toMatchObject(conversation);
    const read = await client.agents.getAgent({ agent_id: created.id });
    expect(read).toMatchObject(conversation);
    expect((read as unknown as { unsupported: string[] }).unsupported).toEqual(['ambientSound', 'modelTier']);

    const refused = await failureOf(client.agents.updateAgent({ agent_id: created.id, voice: 'Google.en-US-Journey-O' }));
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('voiceSpeed');
    expect(JSON.stringify(refused.body)).toContain('ElevenLabs');
    expect((await client.agents.getAgent({ agent_id: created.id })).voice).toBe('ElevenLabs.NYC9WEgkq1u4jiqBseQ9');
    await client.agents.deleteAgent({ agent_id: created.id });
  });

  it('reports validation failures the client types as 422', async () => {
    const failure = await failureOf(client.agents.createAgent({ name: 'Hosted without a prompt', voiceMode: 'hosted' }));
    expect(failure).toBeInstanceOf(AgentPhone.UnprocessableEntityError);
    expect(failure.statusCode).toBe(422);
    expect(failure.body).toMatchObject({ error: { type: 'validation_error' }, detail: [expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String) })] });
  });

  it('provisions, lists, reads, attaches, detaches and releases numbers', async () => {
    number = await client.numbers.createNumber({ areaCode: '415' });
    expect(number).toMatchObject({
      id: expect.stringMatching(/^num_/),
      phoneNumber: expect.stringMatching(/^\+1415\d{7}$/),
      country: 'US',
      status: 'active',
      type: 'local',
      agentId: null,
      createdAt: expect.stringMatching(ISO),
    });

    const canadian = await client.numbers.createNumber({ country: 'CA', agentId: agent.id });
    expect(canadian).toMatchObject({ country: 'CA', status: 'active', agentId: agent.id });

    const listed = await client.numbers.listNumbers();
    expect(listed).toMatchObject({ total: 2, hasMore: false });
    expect(listed.data.map((n) => n.id).sort()).toEqual([number.id, canadian.id].sort());

    expect(await client.numbers.getNumber({ number_id: number.id })).toMatchObject({ id: number.id, phoneNumber: number.phoneNumber, agentId: null });

    const attached = await client.agents.attachNumberToAgent({ agent_id: agent.id, numberId: number.id });
    expect(attached).toEqual({
      agentId: agent.id,
      number: { id: number.id, phoneNumber: number.phoneNumber, status: 'active', type: 'local' },
    });
    const withNumbers = await client.agents.getAgent({ agent_id: agent.id });
    expect(withNumbers.numbers?.map((n) => n.id).sort()).toEqual([number.id, canadian.id].sort());
    expect((await client.agents.listAgents()).data[0]!.numbers).toHaveLength(2);

    expect(await client.agents.detachNumberFromAgent({ agent_id: agent.id, number_id: canadian.id })).toEqual({ success: true });
    expect(await client.numbers.getNumber({ number_id: canadian.id })).toMatchObject({ agentId: null });

    const released = await client.numbers.deleteNumber({ number_id: canadian.id });
    expect(released).toEqual({ success: true, id: canadian.id, phoneNumber: canadian.phoneNumber, status: 'released' });
    expect(await client.numbers.getNumber({ number_id: canadian.id })).toMatchObject({ id: canadian.id, status: 'released' });
    expect((await client.numbers.listNumbers()).data.map((n) => n.id)).toEqual([number.id]);
    expect((await failureOf(client.numbers.deleteNumber({ number_id: canadian.id }))).statusCode).toBe(400);

    const missing = await failureOf(client.numbers.getNumber({ number_id: 'num_missing' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'PHONE_NUMBER_NOT_FOUND', type: 'not_found' } });
  });

  it('creates, reads, searches, updates and deletes contacts', async () => {
    const ada = await client.contacts.createContact({ name: 'Ada Lovelace', phoneNumber: '(212) 555-0199', email: 'ada@example.com', notes: 'VIP' });
    expect(ada).toMatchObject({
      id: expect.stringMatching(/^ctc_/),
      name: 'Ada Lovelace',
      phoneNumber: PARTICIPANT,
      email: 'ada@example.com',
      notes: 'VIP',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const grace = await client.contacts.createContact({ name: 'Grace Hopper', phoneNumber: '+13125550100' });
    expect(grace).toMatchObject({ name: 'Grace Hopper', email: null, notes: null });

    expect(await client.contacts.getContact({ contact_id: ada.id })).toEqual(ada);
    const all = await client.contacts.listContacts();
    expect(all).toMatchObject({ total: 2, hasMore: false });
    const paged = await client.contacts.listContacts({ limit: 1, offset: 0 });
    expect(paged).toMatchObject({ total: 2, hasMore: true });
    expect(paged.data).toHaveLength(1);
    // The client has no `search` parameter; the interface does, so it goes as an extra query parameter.
    const found = await client.contacts.listContacts({}, { queryParams: { search: 'hopper' } });
    expect(found.data.map((c) => c.id)).toEqual([grace.id]);
    expect(found.total).toBe(1);

    const updated = await client.contacts.updateContact({ contact_id: grace.id, notes: 'Admiral', phoneNumber: '312-555-0101' });
    expect(updated).toMatchObject({ id: grace.id, notes: 'Admiral', phoneNumber: '+13125550101' });

    const duplicate = await failureOf(client.contacts.createContact({ name: 'Ada again', phoneNumber: PARTICIPANT }));
    expect(duplicate.statusCode).toBe(409);

    expect(await client.contacts.deleteContact({ contact_id: grace.id })).toBeUndefined();
    expect((await failureOf(client.contacts.getContact({ contact_id: grace.id }))).statusCode).toBe(404);
  });

  it('configures the account and agent webhooks, tests them and reads deliveries and stats', async () => {
    expect(await client.webhooks.getWebhook()).toBeNull();
    expect(await client.agentWebhooks.getAgentWebhook({ agent_id: agent.id })).toBeNull();

    const account = await client.webhooks.createOrUpdateWebhook({ body: { url: endpoint.url, contextLimit: 5, timeout: 10 } });
    expect(account).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      url: endpoint.url,
      secret: expect.stringMatching(/^whsec_/),
      status: 'active',
      contextLimit: 5,
      timeout: 10,
      createdAt: expect.stringMatching(ISO),
    });
    const again = await client.webhooks.createOrUpdateWebhook({ body: { url: endpoint.url } });
    expect(again).toMatchObject({ id: account.id, contextLimit: 10, timeout: 30 });
    expect(again.secret).not.toBe(account.secret);
    expect(await client.webhooks.getWebhook()).toMatchObject({ id: account.id, secret: again.secret });

    const perAgent = await client.agentWebhooks.createOrUpdateAgentWebhook({ agent_id: agent.id, body: { url: endpoint.url, contextLimit: 3 } });
    expect(perAgent).toMatchObject({ id: expect.stringMatching(/^wh_/), url: endpoint.url, contextLimit: 3, timeout: 30, status: 'active' });
    expect(perAgent.id).not.toBe(account.id);
    expect(await client.agentWebhooks.getAgentWebhook({ agent_id: agent.id })).toMatchObject({ id: perAgent.id });

    const tested = (await client.webhooks.testWebhook({ agentId: agent.id })) as { success: boolean; httpStatus: number | null; errorMessage: string | null };
    expect(tested).toEqual({ success: true, httpStatus: 200, errorMessage: null });
    const agentTested = (await client.agentWebhooks.testAgentWebhook({ agent_id: agent.id })) as typeof tested;
    expect(agentTested).toEqual({ success: true, httpStatus: 200, errorMessage: null });
    expect(endpoint.received.filter((hook) => hook.event === 'agent.message')).toHaveLength(2);

    // Each test send is logged as a delivery of its webhook.
    const logged = await client.webhooks.listDeliveries();
    expect(logged).toMatchObject({ total: 2, offset: 0, limit: 50 });
    expect(logged.items.map((d) => [d.eventType, d.status, d.httpStatus])).toEqual([
      ['agent.message', 'success', 200],
      ['agent.message', 'success', 200],
    ]);
    expect(await client.webhooks.allTimeStats()).toEqual({ total: 2, success: 2, failed: 0, successRate: 1 });
  });

  it('records inbound texts, sends one, and pages the conversation through the client', async () => {
    const inbound = switchboard.useCases().messages.receiveInboundSms;
    for (const body of ['Hi there', 'Is the shop open?', 'On Sunday?']) {
      const received = await inbound.execute(anInboundSms({ to: trustE164(number.phoneNumber), from: trustE164(PARTICIPANT), body }))();
      if (received._tag === 'Left') throw new Error(JSON.stringify(received.left));
      conversationId = received.right.conversation.id;
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct receivedAt for the cursor
    }

    const sent = await client.messages.sendMessage({ agent_id: agent.id, to_number: '(212) 555-0199', body: 'Yes, 10 to 4.' });
    expect(sent).toEqual({
      id: expect.stringMatching(/^msg_/),
      status: 'sent',
      channel: 'sms',
      from_number: number.phoneNumber,
      to_number: PARTICIPANT,
      conversation_id: conversationId,
      // The project has not registered for A2P 10DLC: the send says so, as on Twilio.
      warning: expect.stringContaining('no A2P 10DLC registration'),
    });

    const conversations = await client.conversations.listConversations();
    expect(conversations).toMatchObject({ total: 1, hasMore: false });
    expect(conversations.data[0]).toMatchObject({
      id: conversationId,
      agentId: agent.id,
      phoneNumberId: number.id,
      phoneNumber: number.phoneNumber,
      participant: PARTICIPANT,
      lastMessageAt: expect.stringMatching(ISO),
      lastMessagePreview: 'Yes, 10 to 4.',
      messageCount: 4,
      metadata: null,
      createdAt: expect.stringMatching(ISO),
    });

    const forAgent = await client.agents.listAgentConversations({ agent_id: agent.id, limit: 10, offset: 0 });
    expect(forAgent).toMatchObject({ total: 1, hasMore: false });
    expect(forAgent.data[0]).toMatchObject({ id: conversationId, agentId: agent.id, participant: PARTICIPANT, messageCount: 4 });

    const detail = await client.conversations.getConversation({ conversation_id: conversationId, message_limit: 2 });
    expect(detail).toMatchObject({ id: conversationId, participant: PARTICIPANT, messageCount: 4, metadata: null });
    expect(detail.messages.map((m) => m.body)).toEqual(['Yes, 10 to 4.', 'On Sunday?']);
    expect(detail.messages[0]).toMatchObject({
      id: sent.id,
      fromNumber: number.phoneNumber,
      toNumber: PARTICIPANT,
      direction: 'outbound',
      channel: 'sms',
      mediaUrls: [],
      receivedAt: expect.stringMatching(ISO),
    });

    const state = { customerId: 'cus_42', tier: 'gold' };
    const updated = await client.conversations.updateConversation({ conversation_id: conversationId, metadata: state });
    expect(updated).toMatchObject({ id: conversationId, metadata: state });
    expect((await client.conversations.getConversation({ conversation_id: conversationId })).metadata).toEqual(state);
    expect((await client.conversations.listConversations()).data[0]!.metadata).toEqual(state);
    expect((await client.conversations.updateConversation({ conversation_id: conversationId, metadata: null })).metadata).toBeNull();

    const first = await client.conversations.getConversationMessages({ conversation_id: conversationId, limit: 3 });
    expect(first.hasMore).toBe(true);
    expect(first.data.map((m) => m.body)).toEqual(['Yes, 10 to 4.', 'On Sunday?', 'Is the shop open?']);
    const rest = await client.conversations.getConversationMessages({ conversation_id: conversationId, limit: 3, before: first.data.at(-1)!.receivedAt });
    expect(rest.hasMore).toBe(false);
    expect(rest.data.map((m) => m.body)).toEqual(['Hi there']);
    expect(rest.data[0]).toMatchObject({ direction: 'inbound', fromNumber: PARTICIPANT, toNumber: number.phoneNumber });
    const newer = await client.conversations.getConversationMessages({ conversation_id: conversationId, after: rest.data[0]!.receivedAt });
    expect(newer.data.map((m) => m.body)).toEqual(['Yes, 10 to 4.', 'On Sunday?', 'Is the shop open?']);

    const onNumber = await client.numbers.getMessages({ number_id: number.id, limit: 2 });
    expect(onNumber.hasMore).toBe(true);
    expect(onNumber.data).toHaveLength(2);
    expect(onNumber.data[1]).toMatchObject({
      body: 'On Sunday?',
      from_: PARTICIPANT,
      to: number.phoneNumber,
      direction: 'inbound',
      channel: 'sms',
      receivedAt: expect.stringMatching(ISO),
    });

    // The inbound texts reached the agent's webhook as logged deliveries.
    const ofMessages = (list: AgentPhone.WebhookDeliveryResponse[]) => list.filter((d) => d.messageId !== null);
    await eventually(
      async () => ofMessages(await client.agentWebhooks.listAgentDeliveries({ agent_id: agent.id })).filter((d) => d.status === 'success').length === 3,
      { what: 'three delivered messages' },
    );
    const deliveries = await client.agentWebhooks.listAgentDeliveries({ agent_id: agent.id, limit: 10 });
    // The agent's list holds every delivery of its events: also both test sends made for it.
    expect(deliveries).toHaveLength(5);
    expect(ofMessages(deliveries)).toHaveLength(3);
    expect(ofMessages(deliveries)[0]).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      eventType: 'agent.message',
      channel: 'sms',
      messageId: expect.stringMatching(/^msg_/),
      status: 'success',
      httpStatus: 200,
      errorMessage: null,
      attemptCount: 1,
      lastAttemptAt: expect.stringMatching(ISO),
      nextRetryAt: null,
      createdAt: expect.stringMatching(ISO),
    });
    const page = await client.webhooks.listDeliveries({ limit: 2, offset: 0, hours: 24 });
    expect(page).toMatchObject({ total: 5, offset: 0, limit: 2 });
    expect(page.items).toHaveLength(2);
    const next = await client.webhooks.listDeliveries({ limit: 2, offset: 4 });
    expect(next).toMatchObject({ total: 5, offset: 4, limit: 2 });
    expect(next.items).toHaveLength(1);
    const stats = await client.webhooks.deliveryStats({ hours: 24 });
    expect(stats).toMatchObject({ total: 5, success: 5, failed: 0, pending: 0, successRate: 1 });
    expect(stats.byEventType['agent.message']).toMatchObject({ success: 5, failed: 0, pending: 0 });
    expect(stats.byHour.reduce((sum, hour) => sum + Number(hour.total), 0)).toBe(5);
    expect(await client.webhooks.allTimeStats()).toEqual({ total: 5, success: 5, failed: 0, successRate: 1 });
  });

  it('reads a finished inbound call, its transcript, and lists calls with filters', async () => {
    const simulated = switchboard.voice().simulated!;
    const started = await simulated.startInbound({ from: RECIPIENT, to: number.phoneNumber });
    if (started._tag === 'Left') throw new Error(JSON.stringify(started.left));
    const call = started.right;
    simulated.sayAsCaller(call.callId, 'When are you open?');
    await call.until((c) => c.utterances().includes(AGENT_REPLY));
    await simulated.hangUp(call.callId);

    const read = (await client.calls.getCall({ call_id: call.callId })) as Record<string, unknown> & { transcript: { role: string; content: string }[] };
    expect(read).toMatchObject({
      id: call.callId,
      agentId: agent.id,
      phoneNumberId: number.id,
      phoneNumber: number.phoneNumber,
      fromNumber: RECIPIENT,
      toNumber: number.phoneNumber,
      direction: 'inbound',
      type: 'pstn',
      status: 'completed',
      startedAt: expect.stringMatching(ISO),
      endedAt: expect.stringMatching(ISO),
      durationSeconds: expect.any(Number),
      disconnectionReason: 'caller_hangup',
      recordingAvailable: false,
    });
    expect(read.transcript.map((t) => [t.role, t.content])).toEqual([
      ['agent', 'Hello from Acme.'],
      ['user', 'When are you open?'],
      ['agent', AGENT_REPLY],
    ]);

    const transcript = (await client.calls.getCallTranscript({ call_id: call.callId })) as { callId: string; status: string; transcript: { id: string; role: string; content: string; createdAt: string }[] };
    expect(transcript).toMatchObject({ callId: call.callId, status: 'completed' });
    expect(transcript.transcript.map((t) => t.content)).toEqual(['Hello from Acme.', 'When are you open?', AGENT_REPLY]);
    expect(transcript.transcript[1]).toMatchObject({ role: 'user', createdAt: expect.stringMatching(ISO) });

    const calls = (await client.calls.listCalls()) as AgentPhone.CallListResponse;
    expect(calls).toMatchObject({ total: 1, hasMore: false });
    expect(calls.data[0]).toMatchObject({
      id: call.callId,
      agentId: agent.id,
      phoneNumberId: number.id,
      phoneNumber: number.phoneNumber,
      fromNumber: RECIPIENT,
      toNumber: number.phoneNumber,
      status: 'completed',
      startedAt: expect.stringMatching(ISO),
      endedAt: expect.stringMatching(ISO),
      durationSeconds: expect.any(Number),
      lastTranscriptSnippet: expect.any(String),
    });
    expect(((await client.calls.listCalls({ status: 'completed', direction: 'inbound', type: 'pstn', search: '555014' })) as AgentPhone.CallListResponse).total).toBe(1);
    expect(((await client.calls.listCalls({ status: 'failed' })) as AgentPhone.CallListResponse).total).toBe(0);
    expect(((await client.calls.listCalls({ direction: 'outbound' })) as AgentPhone.CallListResponse).total).toBe(0);

    const forAgent = await client.agents.listAgentCalls({ agent_id: agent.id, limit: 5, offset: 0 });
    expect(forAgent).toMatchObject({ total: 1, hasMore: false });
    expect(forAgent.data[0]).toMatchObject({ id: call.callId, status: 'completed' });

    // The client sends getCallRecording without the API key (the hosted platform serves it
    // unauthenticated); Switchboard keeps every /v1 path behind the key, so it is 401 as sent.
    expect((await failureOf(client.calls.getCallRecording({ call_id: call.callId }))).statusCode).toBe(401);
    // With the key: no recording add-on, no recording: 404.
    const withKey = { headers: { Authorization: `Bearer ${apiKey}` } };
    expect((await failureOf(client.calls.getCallRecording({ call_id: call.callId }, withKey))).statusCode).toBe(404);

    // The call's end reached the webhook too.
    await eventually(() => endpoint.received.some((hook) => hook.event === 'agent.call_ended'), { what: 'agent.call_ended' });
    expect(endpoint.received.find((hook) => hook.event === 'agent.call_ended')!.body.data).toMatchObject({ callId: call.callId, status: 'completed' });
  });

  it('streams a finished call transcript as Server-Sent Events (the client hands back the raw text)', async () => {
    const [call] = ((await client.calls.listCalls()) as AgentPhone.CallListResponse).data;
    // The interface makes the stream SSE; the client reads the whole body as JSON and, when it is
    // not, resolves with `{ok: false, error: {reason: 'non-json', statusCode, rawBody}}`.
    const streamed = (await client.calls.streamCallTranscript({ call_id: call!.id })) as {
      ok: boolean;
      error: { reason: string; statusCode: number; rawBody: string };
    };
    expect(streamed.error).toMatchObject({ reason: 'non-json', statusCode: 200 });
    const events = streamed.error.rawBody.split('\n').filter((line) => line.startsWith('event: ')).map((line) => line.slice(7));
    expect(events).toEqual(['connected', 'turn', 'turn', 'turn', 'ended']);
    expect(streamed.error.rawBody).toContain(JSON.stringify(AGENT_REPLY));
  });

  it('places an outbound call and ends it', async () => {
    const placed = (await client.calls.createOutboundCall({ agentId: agent.id, toNumber: RECIPIENT, initialGreeting: 'Hi, this is Acme.' })) as Record<string, unknown>;
    expect(placed).toMatchObject({
      id: expect.stringMatching(/^call_/),
      agentId: agent.id,
      phoneNumberId: number.id,
      fromNumber: number.phoneNumber,
      toNumber: RECIPIENT,
      direction: 'outbound',
      type: 'pstn',
      status: 'in-progress',
      startedAt: expect.stringMatching(ISO),
    });
    const callId = String(placed.id);
    expect(((await client.calls.listCalls({ status: 'in-progress' })) as AgentPhone.CallListResponse).data.map((c) => c.id)).toEqual([callId]);

    const ended = await client.calls.endCall({ call_id: callId });
    expect(ended).toEqual({ id: callId, status: 'ending' });
    await eventually(async () => ((await client.calls.getCall({ call_id: callId })) as { status: string }).status !== 'in-progress', { what: 'the call to end' });
    expect((await failureOf(client.calls.endCall({ call_id: callId }))).statusCode).toBe(409);
  });

  it('creates a web call token', async () => {
    const web = (await client.calls.createWebCall({ agentId: agent.id, metadata: { source: 'test' } })) as { callId: string; accessToken: string; expiresAt: string };
    expect(web).toEqual({ callId: expect.stringMatching(/^call_/), accessToken: expect.any(String), expiresAt: expect.stringMatching(ISO) });
    expect(web.accessToken.length).toBeGreaterThan(0);
    const lifetime = Date.parse(web.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(30_000);
  });

  it('deletes the webhooks', async () => {
    expect(await client.agentWebhooks.deleteAgentWebhook({ agent_id: agent.id })).toEqual({ success: true });
    expect(await client.agentWebhooks.getAgentWebhook({ agent_id: agent.id })).toBeNull();
    expect(await client.webhooks.deleteWebhook()).toEqual({ success: true });
    expect(await client.webhooks.getWebhook()).toBeNull();
  });

  it('sent the customer only events of the catalogue: test sends, texts, voice turns and the call’s start and end', async () => {
    const kinds = endpoint.received.map((hook) => {
      const event = catalogued(hook.raw);
      return `${event.event} ${event.channel}`;
    });

    expect(new Set(kinds)).toEqual(new Set(['agent.message sms', 'agent.message voice', 'agent.call_started voice', 'agent.call_ended voice']));
  });
});
