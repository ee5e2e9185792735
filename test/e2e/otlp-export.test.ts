import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_TRACING } from '../../src/application/ports/tracing.js';
import { loadTracing, otlpProtocolOf, tracesWanted } from '../../src/bootstrap/tracing.js';

describe('trace export over OTLP/HTTP', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('loads no SDK and records nothing while no OTEL_* variable asks for traces', async () => {
    expect([tracesWanted({}), tracesWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' }), tracesWanted({ OTEL_TRACES_EXPORTER: 'otlp' })]).toEqual([false, false, true]);
    expect((await loadTracing({}, '0.0.0')).tracing).toBe(NO_TRACING);
  });

  /** A local OTLP/HTTP receiver keeping each request's path, content type and body. */
  const aReceiver = async () => {
    const received: { url: string; contentType: string | undefined; body: Buffer }[] = [];
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        arrived();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    return { endpoint: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, received, arrival };
  };

  /** A call span with one turn, exported through tracing loaded from `env`. */
  const exportACall = async (env: Record<string, string>) => {
    const { tracing, shutdown } = await loadTracing(env, '1.2.3');
    const call = tracing.start('call');
    const turn = call.child('turn');
    turn.set('switchboard.turn.sequence', 2);
    turn.end();
    call.end();
    await shutdown();
  };

  it('sends the spans as JSON when asked, named by OTEL_SERVICE_NAME, parents and children in one trace', async () => {
    const { endpoint, received, arrival } = await aReceiver();

    await exportACall({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'switchboard-e2e' });
    await arrival;

    expect(received[0]).toMatchObject({ url: '/v1/traces', contentType: 'application/json' });
    const exported = JSON.parse(received[0]!.body.toString('utf8')) as {
      resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: { name: string; traceId: string; spanId: string; parentSpanId?: string }[] }[] }[];
    };
    const [resource] = exported.resourceSpans;
    expect(resource!.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'switchboard-e2e' } });
    const spans = resource!.scopeSpans.flatMap((scope) => scope.spans);
    const byName = new Map(spans.map((span) => [span.name, span]));
    expect(byName.get('turn')!.parentSpanId).toBe(byName.get('call')!.spanId);
    expect(byName.get('turn')!.traceId).toBe(byName.get('call')!.traceId);
  });

  it('sends protobuf by default, as the OTLP specification sets, and refuses a protocol it does not speak', async () => {
    const { endpoint, received, arrival } = await aReceiver();

    await exportACall({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'switchboard-e2e' });
    await arrival;

    expect(received[0]).toMatchObject({ url: '/v1/traces', contentType: 'application/x-protobuf' });
    // Protobuf keeps strings as their UTF-8 bytes: the service and both spans are in the message.
    for (const text of ['switchboard-e2e', 'call', 'turn', 'switchboard.turn.sequence']) expect(received[0]!.body.includes(Buffer.from(text))).toBe(true);
    expect(() => otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow('OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got grpc)');
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' })).toBe('http/json');
  });
});
