import { createHook } from 'node:async_hooks';
import * as E from 'fp-ts/lib/Either.js';
import { expect, it } from 'vitest';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { createSwitchboard } from '../../src/index.js';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0)).then(() => new Promise((resolve) => setImmediate(resolve)));

interface Made {
  readonly resource: { hasRef?: () => boolean; _repeat?: unknown; _destroyed?: boolean };
}

/** A timer still ticking: one that repeats (an SSE keep-alive) or keeps the process alive. */
const ticking = ({ resource }: Made) => resource._destroyed !== true && (resource.hasRef?.() === true || (resource._repeat ?? null) !== null);

it('closes MCP sessions with the Switchboard: no session’s stream keeps a timer running', async () => {
  const timers = new Map<number, Made>();
  const hook = createHook({
    init: (id, type, _trigger, resource) => void (type === 'Timeout' && timers.set(id, { resource: resource as Made['resource'] })),
    destroy: (id) => void timers.delete(id),
  }).enable();
  try {
    const switchboard = createSwitchboard({ env: {}, storage: 'memory', logger: silentLogger() });
    await switchboard.start();
    const created = await switchboard.useCases().projects.createProject.execute({ email: trustMailbox('mcp-close@example.com') })();
    if (E.isLeft(created)) throw new Error(created.left._tag);
    const headers = { authorization: `Bearer ${created.right.apiKey.clear}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const opened = await switchboard.fetch(new Request('http://host/mcp', { method: 'POST', headers, body: JSON.stringify(initialize) }));
    const session = opened.headers.get('mcp-session-id')!;
    await opened.text();
    const stream = await switchboard.fetch(new Request('http://host/mcp', { headers: { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } }));
    expect(stream.status).toBe(200);
    expect([...timers.values()].some(ticking)).toBe(true);

    await switchboard.close();
    for (const deadline = Date.now() + 2000; [...timers.values()].some(ticking) && Date.now() < deadline; ) await settled();
    expect([...timers.values()].filter(ticking)).toEqual([]);
    await stream.body?.cancel().catch(() => undefined);
  } finally {
    hook.disable();
  }
});
