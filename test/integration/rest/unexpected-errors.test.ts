import type * as E from 'fp-ts/lib/Either.js';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { TOKENS } from '../../../src/bootstrap/composition/tokens.js';
import { RecordingLogger } from './harness.js';

/** The in-memory store, which throws (as a broken driver would) once told to. */
class BreakableStore extends InMemoryUnitOfWork {
  broken = false;
  override transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    if (this.broken) return Promise.reject(new Error('socket hang up at 10.0.0.5: password=hunter2'));
    return super.transaction(work);
  }
}

describe('unexpected errors in a composed Switchboard, answered by its one error handler', () => {
  let switchboard: Switchboard | null = null;
  afterEach(async () => {
    await switchboard?.close();
    switchboard = null;
  });

  it("answers a REST route's throw 500 INTERNAL_ERROR in the envelope, with its request id, and logs it", async () => {
    const store = new BreakableStore();
    const logger = new RecordingLogger();
    switchboard = createSwitchboard({ env: {}, unitOfWork: store, logger });
    await switchboard.start();
    store.broken = true;

    const reply = await switchboard.fetch(
      new Request('http://switchboard.test/v1/agents', { headers: { authorization: 'Bearer sk_live_anything', 'x-request-id': 'req-broken' } }),
    );
    const text = await reply.text();

    expect(reply.status).toBe(500);
    expect(reply.headers.get('x-request-id')).toBe('req-broken');
    expect(JSON.parse(text).error).toMatchObject({ code: 'INTERNAL_ERROR', type: 'server_error' });
    expect(text).toContain('req-broken');
    expect(text).not.toContain('hunter2');
    const failures = logger.lines.filter((line) => line.message === 'unhandled error');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.fields.requestId).toBe('req-broken');
  });

  it('answers a throw in any other mounted route the same way, logged rather than printed', async () => {
    const logger = new RecordingLogger();
    const failing = new Hono().get('/admin/failing', () => {
      throw new Error('a defect: password=hunter2');
    });
    switchboard = createSwitchboard({ env: {}, storage: 'memory', logger, override: (rebind) => rebind(TOKENS.adminConsoleRoutes).toConstantValue(failing) });
    await switchboard.start();

    const reply = await switchboard.fetch(new Request('http://switchboard.test/admin/failing'));
    const text = await reply.text();

    expect(reply.status).toBe(500);
    expect(JSON.parse(text).error).toMatchObject({ code: 'INTERNAL_ERROR', type: 'server_error' });
    expect(text).not.toContain('hunter2');
    expect(logger.lines.filter((line) => line.message === 'unhandled error')).toHaveLength(1);
  });
});
