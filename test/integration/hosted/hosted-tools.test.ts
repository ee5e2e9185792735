import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedCalls } from '../../../src/adapters/simulated/simulated-calls.js';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { SwitchboardConfig } from '../../../src/bootstrap/config.js';
import { answer, FakeChatCompletions, lastToolResult, text, toolCall } from '../../support/fake-chat-completions.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { anInboundSms } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { ToolEndpoint, toolRequestSignedWith } from '../../support/tool-endpoint.js';
import { aVoiceSwitchboard, readSse, type VoiceHarness } from '../voice/voice-harness.js';

const PROMPT = 'You are the order desk of Acme Parts.';
const CALLER = '+14155550123';


describe('custom HTTP tools and call variables in hosted calls', () => {
  let fake: FakeChatCompletions;
  let tools: ToolEndpoint;
  let harness: VoiceHarness;
  let simulated: SimulatedCalls;

  const start = async (config: Partial<SwitchboardConfig> = {}) => {
    harness = await aVoiceSwitchboard({
      twilio: false,
      telephony: new SimulatedTelephony(),
      config: { llm: { baseUrl: fake.url, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000 }, ...config },
    });
    simulated = harness.sut.voice().simulated!;
  };
  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
    tools = await ToolEndpoint.start();
  });
  afterEach(async () => {
    await harness?.stop();
    await fake.stop();
    await tools.stop();
  });

  const orderTool = (overrides: Record<string, unknown> = {}) => ({
    name: 'lookup_order',
    description: 'Looks up an order of the caller by its number.',
    url: `${tools.url}/customers/{{caller_number}}/orders`,
    method: 'POST',
    headers: { 'X-Api-Key': 'key-{{caller_number}}' },
    parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
    speakDuringExecution: true,
    executionMessage: 'One moment while I check.',
    ...overrides,
  });
  const callIn = async (phoneNumber: string): Promise<SimulatedCall> => {
    const started = await simulated.startInbound({ from: CALLER, to: phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  const cycles = (call: SimulatedCall) => call.events.filter((e) => e.type === 'text' && e.last).length;
  const transcriptOf = async (callId: string) => {
    await harness.sut.voice().engine.settle('none');
    const read = await harness.api('GET', `/v1/calls/${callId}/transcript`);
    return read.body.transcript as { role: string; content: string; tool?: Record<string, unknown> }[];
  };

  describe('with tools reachable on this machine', () => {
    beforeEach(async () => {
      await start();
    });

    it('calls the tool on the customer’s endpoint, signed, and speaks a sentence built from its answer', async () => {
      const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, greeting: 'Acme Parts.', customTools: [orderTool()] });
      tools.answer = () => ({ status: 200, body: { status: 'shipped', eta: 'Friday' } });
      fake.reply(answer(toolCall('lookup_order', { orderId: '42' })), (request) => {
        const order = JSON.parse(lastToolResult(request)) as { status: string; eta: string };
        return answer(text(`Order 42 is ${order.status}, arriving ${order.eta}.`));
      });
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Where is my order 42?');
      await call.until((c) => cycles(c) === 2);

      const [sent] = tools.received;
      expect(sent).toMatchObject({ method: 'POST', url: `/customers/${encodeURI(CALLER)}/orders` });
      expect(JSON.parse(sent!.raw)).toEqual({ orderId: '42' });
      expect(sent!.headers['x-api-key']).toBe(`key-${CALLER}`);
      expect(sent!.headers['x-webhook-event']).toBe('tool.lookup_order');
      expect(toolRequestSignedWith(sent!, line.secret)).toBe(true);
      expect(call.utterances()[1]).toBe('One moment while I check. Order 42 is shipped, arriving Friday.');
      const offered = fake.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
      expect(offered).toEqual(['transfer_call', 'end_call', 'lookup_order', 'opt_out']);
      expect(fake.requests[0]!.body.tools[2].function.parameters).toEqual(orderTool().parameters);

      const transcript = await transcriptOf(call.callId);
      expect(transcript.map((t) => t.role)).toEqual(['agent', 'user', 'tool_call', 'tool_result', 'agent']);
      expect(transcript[2]).toMatchObject({ content: 'lookup_order {"orderId":"42"}', tool: { name: 'lookup_order', arguments: { orderId: '42' } } });
      expect(transcript[3]).toMatchObject({ content: '{"status":"shipped","eta":"Friday"}', tool: { name: 'lookup_order', outcome: 'ok', httpStatus: 200 } });

      await simulated.hangUp(call.callId);
      const ended = await harness.hook.next((r) => r.body?.event === 'agent.call_ended');
      expect(ended.body.data.transcript.map((t: { role: string }) => t.role)).toEqual(['agent', 'user', 'tool_call', 'tool_result', 'agent']);

      const stream = readSse(await fetch(`${harness.url}/v1/calls/${call.callId}/transcript/stream`, { headers: { authorization: `Bearer ${harness.owner.key}` } }));
      await stream.finished;
      const streamed = stream.events.filter((e) => e.event === 'turn').map((e) => e.data as { role: string; tool?: { name: string } });
      expect(streamed.map((t) => t.role)).toEqual(['agent', 'user', 'tool_call', 'tool_result', 'agent']);
      expect(streamed[2]!.tool).toMatchObject({ name: 'lookup_order' });

      const console = await fetch(`${harness.url}/admin/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${harness.sut.adminToken()}` },
        body: JSON.stringify({ query: 'query ($id: ID!) { call(id: $id) { transcript { role content tool } } }', variables: { id: call.callId } }),
      });
      const turns = ((await console.json()) as { data: { call: { transcript: { role: string; tool: unknown }[] } } }).data.call.transcript;
      expect(turns.map((t) => t.role)).toEqual(['AGENT', 'USER', 'TOOL_CALL', 'TOOL_RESULT', 'AGENT']);
      expect(turns[3]!.tool).toMatchObject({ outcome: 'ok', httpStatus: 200 });
    });

    it('tells the model when the tool times out or answers 500, and the call goes on', async () => {
      const line = await harness.anAgentOnTheLine({
        voiceMode: 'hosted',
        systemPrompt: PROMPT,
        customTools: [orderTool({ timeoutMs: 300, speakDuringExecution: false })],
      });
      tools.answer = (request) => (tools.received.indexOf(request) === 0 ? 'hang' : { status: 500, body: 'database down', contentType: 'text/plain' });
      fake.reply(
        answer(toolCall('lookup_order', { orderId: '1' })),
        (request) => answer(text(lastToolResult(request).includes('did not answer within 0.3 seconds') ? 'Our system is slow.' : 'Unexpected.')),
        answer(toolCall('lookup_order', { orderId: '2' })),
        (request) => answer(text(lastToolResult(request).includes('failed with HTTP 500: database down') ? 'Our system is down.' : 'Unexpected.')),
        answer(text('Anything else?')),
      );
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Where is order 1?');
      await call.until((c) => cycles(c) === 2);
      simulated.sayAsCaller(call.callId, 'And order 2?');
      await call.until((c) => cycles(c) === 3);
      simulated.sayAsCaller(call.callId, 'Thanks.');
      await call.until((c) => cycles(c) === 4);

      expect(call.utterances().slice(1)).toEqual(['Our system is slow.', 'Our system is down.', 'Anything else?']);
      const results = (await transcriptOf(call.callId)).filter((t) => t.role === 'tool_result');
      expect(results.map((t) => t.tool)).toEqual([
        expect.objectContaining({ outcome: 'timeout', httpStatus: null }),
        expect.objectContaining({ outcome: 'http_error', httpStatus: 500 }),
      ]);
      expect(harness.sut.voice().engine.find(call.callId)?.isEnded).toBe(false);
    });

    it('sends nothing when the model’s arguments do not fit the tool’s parameters, and tells the model why', async () => {
      const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, customTools: [orderTool({ speakDuringExecution: false })] });
      fake.reply(answer(toolCall('lookup_order', { order: 42 })), (request) =>
        answer(text(lastToolResult(request).includes("must have required property 'orderId'") ? 'Which order number?' : 'Unexpected.')),
      );
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'My order?');
      await call.until((c) => cycles(c) === 2);

      expect(call.utterances()[1]).toBe('Which order number?');
      expect(tools.received).toEqual([]);
      expect((await transcriptOf(call.callId)).find((t) => t.role === 'tool_result')?.tool).toMatchObject({ outcome: 'error' });
    });

    it('keeps the result of a tool the caller barged in on, and gives it to the model on the next turn', async () => {
      const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, customTools: [orderTool()] });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      tools.answer = async () => {
        await released;
        return { status: 200, body: { status: 'packed' } };
      };
      fake.reply(answer(toolCall('lookup_order', { orderId: '7' })), (request) =>
        answer(text(lastToolResult(request).includes('packed') ? 'It is packed.' : 'Unexpected.')),
      );
      const call = await callIn(line.phoneNumber);

      simulated.sayAsCaller(call.callId, 'Order 7?');
      await call.until((c) => c.events.some((e) => e.type === 'text' && e.token.includes('One moment')));
      simulated.interrupt(call.callId, 'One moment');
      release();
      simulated.sayAsCaller(call.callId, 'Hello? Is it there?');
      await call.until((c) => c.events.some((e) => e.type === 'text' && e.token.includes('It is packed.')));

      const transcript = await transcriptOf(call.callId);
      expect(transcript.filter((t) => t.role === 'tool_result').map((t) => t.content)).toEqual(['{"status":"packed"}']);
      expect(fake.requests[1]!.body.messages.slice(-3)).toEqual([
        { role: 'assistant', content: 'One moment', tool_calls: [expect.objectContaining({ id: 'call_fake_0' })] },
        { role: 'tool', tool_call_id: 'call_fake_0', content: '{"status":"packed"}' },
        { role: 'user', content: 'Hello? Is it there?' },
      ]);
    });

    it('fills {{variables}} of POST /v1/calls in the greeting and the prompts, and puts the call’s goal on top of the agent’s prompt', async () => {
      const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You speak for {{clinic}}.' });
      fake.reply(answer(text('See you then.')));
      const placed = await harness.api('POST', '/v1/calls', {
        agentId: line.agentId,
        toNumber: '+13125550142',
        initialGreeting: 'Hi {{first_name}}, this is {{clinic}}.',
        systemPrompt: 'Confirm the appointment of {{first_name}} on {{day}}. {{unknown_thing}}',
        variables: { first_name: 'Ada', clinic: 'Acme Dental', day: 'Monday' },
      });
      expect(placed.status).toBe(200);
      const answered = await simulated.answerOutbound(placed.body.id);
      if (E.isLeft(answered)) throw new Error(answered.left._tag);
      const call = answered.right;
      simulated.sayAsCaller(call.callId, 'Yes, I will come.');
      await call.until((c) => cycles(c) === 2);

      expect(call.utterances()).toEqual(['Hi Ada, this is Acme Dental.', 'See you then.']);
      const system = fake.requests[0]!.body.messages[0].content as string;
      expect(system).toMatch(/^Confirm the appointment of Ada on Monday\.\n\nYou speak for Acme Dental\./);
      expect(system).not.toContain('{{');
    });

    it('offers the tools to the model answering a text, and replies with what the tool said', async () => {
      const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: PROMPT, customTools: [orderTool({ method: 'GET', url: `${tools.url}/orders` })] });
      tools.answer = () => ({ status: 200, body: { status: 'delivered' } });
      fake.reply(answer(toolCall('lookup_order', { orderId: '9' })), (request) => answer(text(`Order 9: ${JSON.parse(lastToolResult(request)).status}.`)));

      const received = await harness.sut.useCases().messages.receiveInboundSms.execute(anInboundSms({ to: trustE164(line.phoneNumber), from: trustE164(CALLER), body: 'Order 9?' }))();
      if (E.isLeft(received)) throw new Error(received.left._tag);

      const sent = await tools.receivedCount(1);
      expect(sent).toMatchObject({ method: 'GET', url: '/orders?orderId=9', raw: '' });
      expect(toolRequestSignedWith(sent, line.secret)).toBe(true);
      const thread = await eventually(async () => {
        const read = (await harness.api('GET', `/v1/conversations/${received.right.conversation.id}`)).body;
        return read.messages.length === 2 && read;
      });
      expect(thread.messages[0]).toMatchObject({ direction: 'outbound', body: 'Order 9: delivered.' });
    });

    it('gives inbound calls {{caller_number}}, {{agent_number}}, {{contact_name}} (from Contacts) and {{now}}', async () => {
      await harness.api('POST', '/v1/contacts', { name: 'Ada Lovelace', phoneNumber: CALLER });
      const line = await harness.anAgentOnTheLine({
        voiceMode: 'hosted',
        systemPrompt: 'Caller {{caller_number}} reached {{agent_number}} at {{now}}.',
        greeting: 'Hi {{contact_name}}!',
      });
      fake.reply(answer(text('Sure.')));
      const call = await callIn(line.phoneNumber);
      simulated.sayAsCaller(call.callId, 'Hello.');
      await call.until((c) => cycles(c) === 2);

      expect(call.utterances()[0]).toBe('Hi Ada Lovelace!');
      expect(fake.requests[0]!.body.messages[0].content).toMatch(
        new RegExp(`^Caller \\${CALLER} reached \\${line.phoneNumber} at \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z\\.`),
      );
    });

    it('refuses bad tools with a 422 naming the field', async () => {
      const create = (tool: Record<string, unknown>) => harness.api('POST', '/v1/agents', { name: 'Tools', customTools: [orderTool(tool)] });
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'look up' }, 'customTools.0.name'],
        [{ name: 'end_call' }, 'customTools.0.name'],
        [{ method: 'TRACE' }, 'customTools.0.method'],
        [{ url: 'ftp://example.com/x' }, 'customTools.0.url'],
        [{ url: 'http://{{tool_host}}/orders' }, 'customTools.0.url'],
        [{ url: 'https://{{tool_host}}.example.com/orders' }, 'customTools.0.url'],
        [{ parameters: { type: 'object', properties: { a: { type: 'strin' } } } }, 'customTools.0.parameters'],
        [{ timeoutMs: 30_001 }, 'customTools.0.timeoutMs'],
      ];
      for (const [tool, field] of cases) {
        const refused = await create(tool);
        expect(refused.status, JSON.stringify(tool)).toBe(422);
        expect(refused.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      const saved = await create({});
      const moved = await harness.api('PATCH', `/v1/agents/${saved.body.id}`, { customTools: [orderTool({ url: 'http://{{tool_host}}/orders' })] });
      expect(moved.status).toBe(422);
      expect(moved.body.error.details[0]).toMatchObject({ field: 'customTools.0.url', message: expect.stringContaining('path and query only') });
      const tooMany = await harness.api('POST', '/v1/agents', { name: 'Tools', customTools: Array.from({ length: 21 }, (_, i) => orderTool({ name: `t${i}` })) });
      expect(tooMany.status).toBe(422);
      const schema = await harness.api('POST', '/v1/agents', { name: 'A', analysis: true, analysisSchema: { type: 'object', required: 'x' } });
      expect(schema.status).toBe(422);
      expect(schema.body.error.details[0].field).toBe('analysisSchema');
    });
  });

  it('applies the webhook SSRF rules to tool URLs when an agent is saved', async () => {
    await start({ privateNetworkTargets: DENY_PRIVATE_NETWORKS });
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://10.0.0.8/x']) {
      const refused = await harness.api('POST', '/v1/agents', { name: 'Tools', customTools: [orderTool({ url })] });
      expect(refused.status, url).toBe(422);
      expect(refused.body.error.details[0]).toMatchObject({ field: 'customTools.0.url', message: expect.stringContaining('must not point at a private') });
    }
    const allowed = await harness.api('POST', '/v1/agents', { name: 'Tools', customTools: [orderTool({ url: 'https://api.example.com/orders' })] });
    expect(allowed.status).toBe(200);
  });
});
