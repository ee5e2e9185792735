import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../../../src/adapters/scripted/scripted-language-model.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

/** A provider whose every span is kept in memory once ended. */
const recordingProvider = () => {
  const exporter = new InMemorySpanExporter();
  return { exporter, provider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }) };
};

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
const named = (spans: readonly ReadableSpan[], name: string): ReadableSpan[] => spans.filter((span) => span.name === name);

describe('call traces', () => {
  let harness: VoiceHarness | null = null;
  const closeAfter: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await harness?.stop();
    harness = null;
    for (const close of closeAfter.splice(0)) await close();
  });

  it('traces a webhook call as call → turn → webhook request, the first token an event, and sends the request’s traceparent to the webhook', async () => {
    const { exporter, provider } = recordingProvider();
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), tracerProvider: provider });
    harness.hook.handler = (request, res) => {
      if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(`${JSON.stringify({ text: 'Hello there.' })}\n`);
    };
    const line = await harness.anAgentOnTheLine();
    const simulated = harness.sut.voice().simulated!;
    const started = await simulated.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    simulated.sayAsCaller(started.right.callId, 'hello');
    await started.right.until((c) => c.utterances().length === 2);
    await simulated.hangUp(started.right.callId);
    await eventually(() => expect(named(exporter.getFinishedSpans(), 'call')).toHaveLength(1));

    const spans = exporter.getFinishedSpans();
    const [call] = named(spans, 'call');
    const [turn] = named(spans, 'turn');
    const [request] = named(spans, 'webhook request');
    expect(call!.attributes).toMatchObject({ 'switchboard.call.id': started.right.callId, 'switchboard.call.direction': 'inbound', 'switchboard.call.voice_mode': 'webhook' });
    expect(parentOf(turn!)).toBe(call!.spanContext().spanId);
    expect(turn!.attributes).toMatchObject({ 'switchboard.turn.sequence': 2, 'switchboard.turn.first_text_ms': expect.any(Number) });
    expect(parentOf(request!)).toBe(turn!.spanContext().spanId);
    expect(request!.attributes).toMatchObject({ 'http.response.status_code': 200, 'switchboard.webhook.id': expect.any(String) });
    expect(request!.events.map((event) => event.name)).toEqual(['first token']);
    const voiceTurn = harness.hook.requests.find((r) => r.body.event === 'agent.message')!;
    const { traceId, spanId } = request!.spanContext();
    expect(voiceTurn.headers['traceparent']).toBe(`00-${traceId}-${spanId}-01`);
    // The REST requests that set the agent up have server spans of their own.
    expect(named(spans, 'POST rest').map((span) => span.attributes['http.response.status_code'])).toContain(200);
  });

  it('gives probes no server span: a health check says nothing of a request’s path', async () => {
    const { exporter, provider } = recordingProvider();
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), tracerProvider: provider });
    expect((await fetch(`${harness.url}/health`)).status).toBe(200);
    expect((await harness.api('GET', '/v1/agents')).status).toBe(200);
    await eventually(() => expect(named(exporter.getFinishedSpans(), 'GET rest')).toHaveLength(1));
    expect(exporter.getFinishedSpans().map((span) => span.name)).not.toContain('GET http');
  });

  it('traces a hosted call as call → turn → model stream and tool, with the tool’s name and outcome', async () => {
    const { exporter, provider } = recordingProvider();
    const model = new ScriptedLanguageModel([{ text: 'Let me look.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: '42' } }] }, 'It shipped.']);
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), tracerProvider: provider, languageModel: model });
    const orders = createServer((_, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"shipped"}'));
    await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve));
    closeAfter.push(() => new Promise<void>((resolve) => orders.close(() => resolve())));
    const tool = { name: 'lookup_order', description: 'Finds an order', url: `http://127.0.0.1:${(orders.address() as AddressInfo).port}/orders`, method: 'POST', parameters: { type: 'object', properties: { orderId: { type: 'string' } } } };
    const line = await harness.anAgentOnTheLine({ voiceMode: 'hosted', systemPrompt: 'You are Acme support.', customTools: [tool] });
    const simulated = harness.sut.voice().simulated!;
    const started = await simulated.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    simulated.sayAsCaller(started.right.callId, 'where is my order?');
    await started.right.until((c) => c.utterances().join(' ').includes('shipped'));
    await simulated.hangUp(started.right.callId);
    await eventually(() => expect(named(exporter.getFinishedSpans(), 'call')).toHaveLength(1));

    const spans = exporter.getFinishedSpans();
    const [call] = named(spans, 'call');
    const [turn] = named(spans, 'turn');
    const streams = named(spans, 'model stream');
    const [toolSpan] = named(spans, 'tool');
    expect(call!.attributes).toMatchObject({ 'switchboard.call.voice_mode': 'hosted' });
    expect(parentOf(turn!)).toBe(call!.spanContext().spanId);
    expect(streams.map((stream) => [parentOf(stream), stream.attributes['switchboard.model.round'], stream.events.map((e) => e.name)])).toEqual([
      [turn!.spanContext().spanId, 1, ['first token']],
      [turn!.spanContext().spanId, 2, ['first token']],
    ]);
    expect(parentOf(toolSpan!)).toBe(turn!.spanContext().spanId);
    expect(toolSpan!.attributes).toMatchObject({ 'tool.name': 'lookup_order', 'tool.outcome': 'ok', 'http.response.status_code': 200 });
    expect(turn!.attributes['switchboard.turn.tool_ms']).toEqual(expect.any(Number));
  });
});
