import { createHook } from 'node:async_hooks';
import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { createSwitchboard, type SwitchboardOptions } from '../../src/index.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { aMigratedDataDir } from '../support/pglite-template.js';

/** Timers and sockets, by their async resource type. */
const HANDLES = new Set(['Timeout', 'TCPWRAP', 'TCPCONNECTWRAP', 'TCPSERVERWRAP', 'PIPEWRAP', 'PIPECONNECTWRAP', 'UDPWRAP', 'FSEVENTWRAP', 'STATWATCHER']);

interface Made {
  readonly type: string;
  readonly resource: { hasRef?: () => boolean; _repeat?: unknown };
}

/**
 * Still running after close(): any socket, and any timer that repeats (every worker ticks on an
 * unref'd interval, which Node's own count leaves out) or keeps the process alive. A one-shot
 * unref'd timeout ends by itself and holds nothing (the in-memory rate limiter forgets each key
 * with one when its window ends).
 */
const running = ({ type, resource }: Made) => type !== 'Timeout' || resource.hasRef?.() === true || (resource._repeat ?? null) !== null;

const settled = () => new Promise((resolve) => setTimeout(resolve, 0)).then(() => new Promise((resolve) => setImmediate(resolve)));

/** The kinds of timer and socket among Node's active resources (pending file requests are neither). */
const TIMERS_AND_SOCKETS = /^(Timeout|TCPSocketWrap|TCPServerWrap|PipeWrap|UDPWrap)$/;

const counts = (names: readonly string[]) => names.filter((name) => TIMERS_AND_SOCKETS.test(name)).reduce<Record<string, number>>((all, name) => ({ ...all, [name]: (all[name] ?? 0) + 1 }), {});

/**
 * Runs a Switchboard from start() to close(), with a request in between, and reports what is
 * left: the kinds of active resource Node counts more of than before, and every timer or socket
 * made meanwhile that still runs.
 */
const runAndClose = async (options: SwitchboardOptions) => {
  await settled();
  const before = counts(process.getActiveResourcesInfo());
  const made = new Map<number, Made>();
  const hook = createHook({
    init: (id, type, _trigger, resource) => void (HANDLES.has(type) && made.set(id, { type, resource: resource as Made['resource'] })),
    destroy: (id) => void made.delete(id),
  }).enable();
  try {
    const switchboard = createSwitchboard({ logger: silentLogger(), ...options });
    await switchboard.start();
    const created = await switchboard.useCases().projects.createProject.execute({ email: trustMailbox('closing@example.com') })();
    if (E.isLeft(created)) throw new Error(created.left._tag);
    const authorization = `Bearer ${created.right.apiKey.clear}`;
    const agent = await switchboard.fetch(
      new Request('http://host/v1/agents', { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{"name":"Closing"}' }),
    );
    expect(agent.status).toBe(200);
    await switchboard.close();
    // A closed socket reports its end a few turns of the loop later.
    for (const deadline = Date.now() + 2000; [...made.values()].some(running) && Date.now() < deadline; ) await settled();
  } finally {
    hook.disable();
  }
  const after = counts(process.getActiveResourcesInfo());
  return {
    added: Object.keys(after).filter((name) => after[name]! > (before[name] ?? 0)),
    stillRunning: [...made.values()].filter(running).map((left) => left.type),
  };
};

describe('close()', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('leaves no timer or socket behind with memory storage', async () => {
    const left = await runAndClose({ env: {}, storage: 'memory' });

    expect(left.added).toEqual([]);
    expect(left.stillRunning).toEqual([]);
  });

  const aDataDir = async () => {
    const dataDir = await aMigratedDataDir('switchboard-close-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return dataDir;
  };

  it('leaves no timer or socket behind with embedded PGlite storage', async () => {
    const left = await runAndClose({ env: { DATA_DIR: await aDataDir(), ADMIN_TOKEN: 'sb_admin_closing' } });

    expect(left.added).toEqual([]);
    expect(left.stillRunning).toEqual([]);
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leaves no connection behind with PostgreSQL and its rate limiter',
    async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'sb_close');
      cleanups.push(() => scratch.drop());

      const left = await runAndClose({ env: { DATABASE_URL: scratch.url, DATA_DIR: await aDataDir(), ADMIN_TOKEN: 'sb_admin_closing' } });

      expect(left.added).toEqual([]);
      expect(left.stillRunning).toEqual([]);
    },
    60_000,
  );
});
