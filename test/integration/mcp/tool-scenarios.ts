import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as E from 'fp-ts/lib/Either.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustE164 } from '../../../src/domain/e164.js';
import { anInboundSms } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { answer, text, toolCall } from '../../support/fake-chat-completions.js';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

/** AgentPhone's public MCP tool names (agentphone-mcp, src/tools.ts): prompts written for it must find them all. */
export const AGENTPHONE_TOOLS = [
  'account_overview', 'list_numbers', 'buy_number', 'send_message', 'get_messages', 'list_calls', 'get_call', 'make_call',
  'make_conversation_call', 'list_agents', 'create_agent', 'update_agent', 'delete_agent', 'get_agent', 'attach_number',
  'detach_number', 'list_voices', 'list_conversations', 'get_conversation', 'update_conversation', 'list_contacts',
  'manage_contact', 'get_usage', 'get_webhook', 'set_webhook', 'delete_webhook', 'test_webhook', 'list_webhook_deliveries',
];

const CUSTOMER = '+14155550199';

/** Connects an SDK client to the harness's server with `key`, over the transport under test. */
export type Connect = (h: McpHarness, key: string) => Promise<Client>;

/**
 * What every transport must do, with the SDK's own client: the tools listed with valid
 * schemas, each area's tools run against the real use cases, field errors, a conversation call
 * a scripted model and a simulated callee complete, and a live transcript subscription.
 */
export const toolScenarios = (transport: string, connect: Connect) =>
  describe(`MCP tools over ${transport}`, () => {
    let h: McpHarness;
    let client: Client;
    const call = async (name: string, args: Record<string, unknown> = {}) => resultOf(await client.callTool({ name, arguments: args }));
    const fails = async (name: string, args: Record<string, unknown> = {}) => toolErrorOf(await client.callTool({ name, arguments: args }));

    beforeAll(async () => {
      h = await anMcpSwitchboard();
      client = await connect(h, h.owner.key);
    });
    afterAll(async () => {
      await h?.stop();
    });

    /** An agent with a number of its own, made through the tools. */
    const anAgentWithANumber = async (fields: Record<string, unknown> = {}) => {
      const agent = await call('create_agent', { name: 'Front desk', begin_message: 'Hi from the front desk.', ...fields });
      const number = await call('buy_number', { area_code: '415', agent_id: agent.id, confirm: true });
      return { agentId: agent.id as string, numberId: number.id as string, phoneNumber: number.phoneNumber as string };
    };

    it('lists every AgentPhone tool, each with an input schema Ajv (2020-12, strict) compiles and truthful annotations', async () => {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(AGENTPHONE_TOOLS));
      expect(names).toEqual(expect.arrayContaining(['release_number', 'end_call', 'sign_up', 'verify_sign_up']));
      // strictRequired is Ajv's lint, not validity: it wants a `required` name declared beside it, so it flags
      // `anyOf: [{required: ['state']}, …]` under the properties that declare it (REST's conversation-state rule).
      const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
      addFormats.default(ajv);
      for (const tool of tools) {
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(Object.keys(tool.inputSchema.properties ?? {}).length > 0 || tool.name.match(/overview|usage|voices|webhook|settings/), tool.name).toBeTruthy();
        expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
        const hints = tool.annotations!;
        expect(hints.readOnlyHint && hints.destructiveHint, tool.name).toBe(false);
        if (hints.destructiveHint) expect(tool.description, tool.name).toContain('DESTRUCTIVE');
      }
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      expect(byName.get('list_calls')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(byName.get('release_number')!.annotations).toMatchObject({ destructiveHint: true, openWorldHint: true });
      expect(byName.get('delete_agent')!.annotations).toMatchObject({ destructiveHint: true });
      expect(byName.get('make_conversation_call')!.inputSchema).toMatchObject({
        required: expect.arrayContaining(['agent_id', 'to_number', 'topic']),
        properties: { max_wait_seconds: { minimum: 10, maximum: 600 }, to_number: expect.any(Object) },
      });
      expect(byName.get('update_conversation')!.inputSchema).toMatchObject({
        required: ['conversation_id'],
        properties: { conversation_id: expect.any(Object), state: expect.any(Object), metadata: expect.any(Object) },
        anyOf: [{ required: ['state'] }, { required: ['metadata'] }],
      });
    });

    it('buys a number, sends a text, sees the reply in the conversation, and keeps its state', async () => {
      const line = await anAgentWithANumber();
      const sent = await call('send_message', { agent_id: line.agentId, to_number: CUSTOMER, body: 'Your table is ready.' });
      expect(sent).toMatchObject({ status: expect.any(String) });
      const reply = await h.sut.useCases().messages.receiveInboundSms.execute(anInboundSms({ to: trustE164(line.phoneNumber), from: trustE164(CUSTOMER), body: 'On my way!' }))();
      expect(E.isRight(reply)).toBe(true);

      const list = await call('list_conversations', { agent_id: line.agentId });
      expect(list.data).toHaveLength(1);
      const conversation = await call('get_conversation', { conversation_id: list.data[0].id, message_limit: 10 });
      expect(conversation.messages.map((m: { body: string }) => m.body)).toEqual(['On my way!', 'Your table is ready.']);
      const updated = await call('update_conversation', { conversation_id: list.data[0].id, metadata: { seated: true } });
      expect(updated.state).toEqual({ seated: true });
      const onNumber = await call('get_messages', { number_id: line.numberId, limit: 5 });
      expect(onNumber.data).toHaveLength(2);
    });

    it('places a conversation call that waits for the end and returns the transcript the model and the callee made', async () => {
      const line = await anAgentWithANumber();
      h.model.reply(answer(text('Perfect, Tuesday at ten it is. Goodbye!'), toolCall('end_call')));
      const topic = 'Book a dentist appointment for Tuesday morning.';
      const progress: string[] = [];
      const receivedBefore = h.received.length;
      const placing = client.callTool(
        { name: 'make_conversation_call', arguments: { agent_id: line.agentId, to_number: CUSTOMER, topic, max_wait_seconds: 60 } },
        CallToolResultSchema,
        { onprogress: ({ message }) => void progress.push(message ?? ''), resetTimeoutOnProgress: true },
      );

      const placed = await eventually(() => h.telephony.placedCalls.find((c) => c.to === CUSTOMER), { what: 'the call to be placed' });
      const callee = await h.simulated().answerOutbound(placed.callId);
      if (E.isLeft(callee)) throw new Error(callee.left._tag);
      h.simulated().sayAsCaller(placed.callId, 'Tuesday at ten works for me.');
      const done = resultOf(await placing);

      expect(done).toMatchObject({ id: placed.callId, status: 'completed' });
      // The harness turns the operator's AI disclosure off: the greeting is the agent's own.
      expect(done.transcript.map((t: { role: string; content: string }) => [t.role, t.content])).toEqual([
        ['agent', 'Hi from the front desk.'],
        ['user', 'Tuesday at ten works for me.'],
        ['agent', 'Perfect, Tuesday at ten it is. Goodbye!'],
      ]);
      expect(h.model.requests[0]!.body.messages[0].content).toContain(topic);
      // A notice per turn, as the talk went, all before the result: as sent, off the wire; the
      // SDK's client hands on those that did not arrive together with the result (see h.received).
      const turns = ['Agent: Hi from the front desk.', 'Callee: Tuesday at ten works for me.', 'Agent: Perfect, Tuesday at ten it is. Goodbye!'];
      const sent = h.received.slice(receivedBefore).map((m) =>
        'method' in m && m.method === 'notifications/progress' ? `progress: ${(m.params as { message: string }).message}` : 'result' in m && m.id !== undefined ? `result ${String(m.id)}` : 'other',
      );
      expect(sent.filter((m) => m !== 'other').slice(0, 4)).toEqual([...turns.map((turn) => `progress: ${turn}`), expect.stringMatching(/^result /)]);
      expect(turns.slice(0, progress.length)).toEqual(progress);
      const read = await call('get_call', { call_id: placed.callId });
      expect(read.transcript).toEqual(done.transcript);
      const calls = await call('list_calls', { agent_id: line.agentId });
      expect(calls.data.map((c: { id: string }) => c.id)).toEqual([placed.callId]);
    });

    it('passes a call’s variables and voicemail detection through, and waits only in its own way', async () => {
      const line = await anAgentWithANumber();
      const { tools } = await client.listTools();
      const makeCall = tools.find((tool) => tool.name === 'make_call')!.inputSchema.properties!;
      expect(Object.keys(makeCall)).toEqual(expect.arrayContaining(['variables', 'voicemail_detection']));
      for (const name of ['make_call', 'make_conversation_call']) {
        const properties = Object.keys(tools.find((tool) => tool.name === name)!.inputSchema.properties!);
        expect(properties, name).not.toContain('wait_for_completion');
      }
      expect(Object.keys(makeCall)).not.toContain('max_wait_seconds');

      const greeting = 'Hi {{first_name}}, this is Acme about your {{slot}} appointment.';
      const webhookCall = await call('make_call', {
        agent_id: line.agentId,
        to_number: '+14155550161',
        initial_greeting: greeting,
        variables: { first_name: 'Ada', slot: '9am' },
        voicemail_detection: false,
      });
      const conversationCall = await call('make_conversation_call', {
        agent_id: line.agentId,
        to_number: '+14155550162',
        topic: 'Confirm the appointment.',
        initial_greeting: greeting,
        variables: { first_name: 'Grace', slot: '10am' },
        wait: false,
      });

      const placed = (id: string) => h.telephony.placedCalls.find((c) => c.callId === id)!;
      expect(placed(webhookCall.id)).toMatchObject({ greeting: 'Hi Ada, this is Acme about your 9am appointment.', machineDetection: false });
      expect(placed(conversationCall.id)).toMatchObject({ greeting: 'Hi Grace, this is Acme about your 10am appointment.', machineDetection: true });
      const bad = await fails('make_call', { agent_id: line.agentId, to_number: '+14155550163', variables: { 'not a name': 'x' } });
      expect(JSON.stringify(bad)).toContain('variables');
    });

    it('tells a subscribed client of each live turn of a call transcript', async () => {
      const line = await anAgentWithANumber();
      const placed = await call('make_conversation_call', { agent_id: line.agentId, to_number: '+14155550177', topic: 'Ask about opening hours.', wait: false });
      const callee = await h.simulated().answerOutbound(placed.id);
      if (E.isLeft(callee)) throw new Error(callee.left._tag);
      const uri = `switchboard://calls/${placed.id}/transcript`;
      const updates: string[] = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notice) => void updates.push(notice.params.uri));
      await client.subscribeResource({ uri });

      h.model.reply(answer(text('We open at nine.')));
      h.simulated().sayAsCaller(placed.id, 'When do you open?');
      const heard = await eventually(async () => {
        if (!updates.includes(uri)) return undefined;
        const read = await client.readResource({ uri });
        const body = JSON.parse(String((read.contents[0] as { text: string }).text));
        return body.transcript.some((t: { content: string }) => t.content === 'We open at nine.') ? body : undefined;
      }, { what: 'a notice of the live turn and the turn in the resource' });
      expect(heard.transcript.map((t: { role: string }) => t.role)).toEqual(['agent', 'user', 'agent']);
      await client.unsubscribeResource({ uri });
      await call('end_call', { call_id: placed.id });
    });

    it('sets a webhook, tests it, lists the delivery, and deletes it', async () => {
      const set = await call('set_webhook', { url: h.hook.url });
      expect(set).toMatchObject({ url: h.hook.url, secret: expect.any(String) });
      expect(await call('get_webhook')).toMatchObject({ webhook: { url: h.hook.url } });
      const before = h.hook.requests.length;
      const tested = await call('test_webhook');
      expect(tested).toMatchObject({ success: true, httpStatus: 200 });
      expect(h.hook.requests.length).toBe(before + 1);
      const deliveries = await call('list_webhook_deliveries', { limit: 10 });
      expect(deliveries.data).toContainEqual(expect.objectContaining({ webhookId: set.id, httpStatus: 200, status: 'success' }));
      expect(await call('delete_webhook')).toEqual({ success: true });
      expect(await call('get_webhook')).toEqual({ webhook: null });
    });

    it('runs the agent, number, contact and account tools on the same use cases as REST', async () => {
      const line = await anAgentWithANumber();
      expect(await call('get_agent', { agent_id: line.agentId })).toMatchObject({ id: line.agentId, numbers: [{ id: line.numberId }] });
      expect(await call('update_agent', { agent_id: line.agentId, description: 'Bookings' })).toMatchObject({ description: 'Bookings' });
      expect((await call('list_voices')).data.length).toBeGreaterThan(0);
      expect((await call('list_agents')).data.map((a: { id: string }) => a.id)).toContain(line.agentId);
      await call('detach_number', { agent_id: line.agentId, number_id: line.numberId });
      expect(await call('attach_number', { agent_id: line.agentId, number_id: line.numberId })).toMatchObject({ agentId: line.agentId });

      const contact = await call('manage_contact', { action: 'create', name: 'Ada', phone_number: CUSTOMER });
      expect(await call('manage_contact', { action: 'update', contact_id: contact.id, notes: 'VIP' })).toMatchObject({ notes: 'VIP' });
      expect((await call('list_contacts', { search: 'Ada' })).data).toHaveLength(1);
      expect(await fails('manage_contact', { action: 'update' })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'contact_id' }] });
      await call('manage_contact', { action: 'delete', contact_id: contact.id });
      expect((await call('list_contacts')).data).toHaveLength(0);

      expect(await call('get_usage')).toMatchObject({ currency: 'USD', numbers: { active: expect.any(Number) } });
      const overview = await call('account_overview');
      expect(overview.agents.data.map((a: { id: string }) => a.id)).toContain(line.agentId);
      expect(await call('release_number', { number_id: line.numberId })).toMatchObject({ success: true, status: 'released' });
      expect(await call('delete_agent', { agent_id: line.agentId })).toMatchObject({ success: true });
      expect(await fails('get_agent', { agent_id: line.agentId })).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('answers an invalid argument with a tool error naming the field', async () => {
      expect(await fails('buy_number', { area_code: '41' })).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'area_code' }] });
      const error = await fails('make_conversation_call', { agent_id: 'agt_x', to_number: CUSTOMER, topic: 'Hi', max_wait_seconds: 5 });
      expect(error.details).toEqual([{ field: 'max_wait_seconds', message: 'must be between 10 and 600 seconds', type: 'value_error' }]);
      expect(await fails('send_message', { agent_id: 'agt_x', to_number: 'not a number', body: 'x' })).toMatchObject({ details: [{ field: 'to_number' }] });
    });
  });
