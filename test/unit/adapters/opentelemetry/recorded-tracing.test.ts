import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import * as sdk from '@opentelemetry/sdk-trace-base';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { describe, expect, it } from 'vitest';
import { RecordedTracing } from '../../../../src/adapters/opentelemetry/recorded-tracing.js';
import { NO_SPAN } from '../../../../src/application/ports/tracing.js';
import { samplerOf } from '../../../../src/bootstrap/tracing.js';

/** Recorded tracing whose every ended span is kept in memory, sampled as `env` says. */
const aRecording = (env: Record<string, string> = {}) => {
  const exporter = new InMemorySpanExporter();
  const tracing = new RecordedTracing({
    processor: new SimpleSpanProcessor(exporter),
    resource: resourceFromAttributes({ 'service.name': 'switchboard-test' }),
    scope: { name: 'switchboard', version: '1.2.3' },
    sampler: samplerOf(env, sdk),
  });
  const named = (name: string): ReadableSpan => exporter.getFinishedSpans().find((span) => span.name === name)!;
  return { tracing, exporter, named };
};

const millisOf = ([seconds, nanos]: readonly [number, number]) => seconds * 1000 + nanos / 1e6;

describe('spans recorded into the SDK’s processor', () => {
  it('keeps a call’s spans as one trace, each child under its parent, with attributes, events and status', () => {
    const { tracing, exporter, named } = aRecording();
    const call = tracing.start('call');
    call.set('switchboard.call.id', 'call_1');
    const turn = call.child('turn');
    turn.set('switchboard.turn.sequence', 2);
    const request = turn.child('webhook request');
    request.event('first token');
    request.fail('HTTP 502');
    request.end();
    turn.end();
    call.end();

    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['webhook request', 'turn', 'call']);
    const [c, t, r] = [named('call'), named('turn'), named('webhook request')];
    expect(c.parentSpanContext).toBeUndefined();
    expect(t.parentSpanContext?.spanId).toBe(c.spanContext().spanId);
    expect(r.parentSpanContext?.spanId).toBe(t.spanContext().spanId);
    expect(new Set([c, t, r].map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(new Set([c, t, r].map((span) => span.spanContext().spanId)).size).toBe(3);
    expect(c.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(c.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(c.attributes).toEqual({ 'switchboard.call.id': 'call_1' });
    expect(t.attributes).toEqual({ 'switchboard.turn.sequence': 2 });
    expect(r.events.map((event) => event.name)).toEqual(['first token']);
    expect(r.status).toEqual({ code: SpanStatusCode.ERROR, message: 'HTTP 502' });
    expect([c.kind, c.resource.attributes['service.name'], c.instrumentationScope]).toEqual([SpanKind.INTERNAL, 'switchboard-test', { name: 'switchboard', version: '1.2.3' }]);
  });

  it('times a span on the wall clock, its end not before its start, and ignores what comes after its end', () => {
    const { tracing, exporter } = aRecording();
    const before = Date.now();
    const span = tracing.start('campaign dial');
    span.end();
    span.set('late', true);
    span.event('late');
    span.end();

    const [ended] = exporter.getFinishedSpans();
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    expect(millisOf(ended!.startTime)).toBeGreaterThanOrEqual(before - 1);
    expect(millisOf(ended!.endTime)).toBeGreaterThanOrEqual(millisOf(ended!.startTime));
    expect(millisOf(ended!.startTime)).toBeLessThanOrEqual(Date.now() + 1);
    expect([ended!.attributes, ended!.events, ended!.ended]).toEqual([{}, [], true]);
  });

  it('serves a request as the child of the caller’s traceparent, and hands its own on to a request it makes', () => {
    const { tracing, named } = aRecording();
    const served = tracing.serve('POST rest', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    const outbound = served.child('webhook request');
    const header = outbound.traceparent();
    outbound.end();
    served.end();

    expect(named('POST rest').kind).toBe(SpanKind.SERVER);
    expect(named('POST rest').spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(named('POST rest').parentSpanContext).toMatchObject({ spanId: 'b7ad6b7169203331', isRemote: true });
    expect(header).toBe(`00-0af7651916cd43dd8448eb211c80319c-${named('webhook request').spanContext().spanId}-01`);
  });

  it('samples as OTEL_TRACES_SAMPLER says: nothing recorded, or the caller’s decision followed', () => {
    const off = aRecording({ OTEL_TRACES_SAMPLER: 'always_off' });
    expect(off.tracing.start('call')).toBe(NO_SPAN);
    const none = aRecording({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' });
    expect(none.tracing.start('call')).toBe(NO_SPAN);
    const parentBased = aRecording();
    expect(parentBased.tracing.serve('POST rest', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00')).toBe(NO_SPAN);
    expect(parentBased.tracing.serve('POST rest', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01').recording).toBe(true);
    expect(parentBased.tracing.serve('POST rest', 'not a traceparent').recording).toBe(true);
  });
});
