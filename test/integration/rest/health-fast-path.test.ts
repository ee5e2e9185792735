import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { RecordingLogger } from './harness.js';

/** The in-memory store, its health probe failing on demand. */
class FlakyStore extends InMemoryUnitOfWork {
  down = false;
  override async ping(): Promise<void> {
    if (this.down) throw new Error('store down');
  }
}

describe('GET /health served by the Node request listener', () => {
  let switchboard: Switchboard | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await switchboard?.close();
  });

  const serve = async (basePath?: string) => {
    const store = new FlakyStore();
    const clock = new FixedClock();
    const logger = new RecordingLogger();
    switchboard = createSwitchboard({ env: {}, unitOfWork: store, clock, logger, ...(basePath ? { basePath } : {}) });
    await switchboard.start();
    server = createServer(switchboard.requestListener);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, { headers });
      return { status: response.status, requestId: response.headers.get('x-request-id'), type: response.headers.get('content-type'), body: (response.status === 404 ? null : await response.json()) as { status?: string; error?: { code: string } } | null };
    };
    return { store, clock, logger, get };
  };

  it('answers as the REST route does, the first check (which probes) and the next ones (a fresh probe) alike', async () => {
    const { logger, get } = await serve();
    const first = await get('/health', { 'X-Request-Id': 'check-1' });
    const second = await get('/health?from=monitor', { 'X-Request-Id': 'check-2' });
    const unnamed = await get('/health');

    for (const reply of [first, second, unnamed]) {
      expect(reply.status).toBe(200);
      expect(reply.type).toMatch(/^application\/json/);
      expect(reply.body).toEqual({ status: 'ok' });
    }
    expect([first.requestId, second.requestId]).toEqual(['check-1', 'check-2']);
    expect(unnamed.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    const logged = logger.lines.filter((line) => line.message === 'request').map((line) => line.fields);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', path: '/health', status: 200, requestId: 'check-1' }),
        expect.objectContaining({ method: 'GET', path: '/health', status: 200, requestId: 'check-2' }),
      ]),
    );
  });

  it('answers 503 in the error envelope once the store stops answering and the probe has gone stale', async () => {
    const { store, clock, get } = await serve();
    expect((await get('/health')).status).toBe(200);
    store.down = true;
    clock.advance(1000);
    const down = await get('/health');

    expect(down.status).toBe(503);
    expect(down.body?.error?.code).toBeTypeOf('string');
  });

  it('serves the health check under the base path only', async () => {
    const { get } = await serve('/switchboard');
    expect((await get('/switchboard/health')).body).toEqual({ status: 'ok' });
    expect((await get('/switchboard/health')).status).toBe(200);
    expect((await get('/health')).status).toBe(404);
  });
});
