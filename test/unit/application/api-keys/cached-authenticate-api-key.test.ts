import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { NodeCredentials } from '../../../../src/adapters/node-crypto/node-credentials.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { UnitOfWork } from '../../../../src/application/ports/unit-of-work.js';
import { CachedApiKeyAuthentication } from '../../../../src/application/use-cases/api-keys/cached-authenticate-api-key.js';
import { AuthenticateApiKey } from '../../../../src/application/use-cases/api-keys/authenticate-api-key.js';
import { RevokeKey } from '../../../../src/application/use-cases/api-keys/revoke-key.js';
import { SuspendProject } from '../../../../src/application/use-cases/projects/suspend-project.js';
import { anApiKey, aProject } from '../../../support/builders.js';

/** The store, counting the transactions that reach it. */
class CountingUnitOfWork implements UnitOfWork {
  transactions = 0;
  constructor(private readonly inner: UnitOfWork) {}
  transaction: UnitOfWork['transaction'] = (work) => {
    this.transactions++;
    return this.inner.transaction(work);
  };
  ping = () => this.inner.ping();
}

const TTL = 30_000;

const aWorld = async (limits = { ttlMs: TTL, maxEntries: 100 }) => {
  const store = new InMemoryUnitOfWork();
  const credentials = new NodeCredentials();
  const clock = new FixedClock();
  const bus = new InProcessEventBus();
  const keys: { clear: string; keyId: string; projectId: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const project = aProject();
    const minted = credentials.mintApiKey();
    const key = anApiKey({ projectId: project.id, prefix: minted.prefix, hash: minted.hash });
    await store.transaction(async (tx) => {
      await tx.projects.save(project);
      await tx.apiKeys.save(key);
      return E.right(undefined);
    });
    keys.push({ clear: minted.clear, keyId: key.id, projectId: project.id });
  }
  const uow = new CountingUnitOfWork(store);
  const sut = new CachedApiKeyAuthentication({ authenticate: new AuthenticateApiKey({ uow, credentials }), credentials, clock, limits });
  await bus.subscribeAccess((event) => sut.forget(event));
  const reads = async (clear: string) => {
    const before = uow.transactions;
    const result = await sut.execute(clear)();
    return { result, reads: uow.transactions - before };
  };
  return {
    sut,
    clock,
    keys,
    reads,
    revoke: new RevokeKey({ uow: store, clock, eventBus: bus }),
    suspend: new SuspendProject({ uow: store, clock, eventBus: bus }),
  };
};

describe('CachedApiKeyAuthentication', () => {
  it('asks the store once for a key, then answers from memory with the same principal', async () => {
    const { keys, reads } = await aWorld();
    const [key] = keys;

    const first = await reads(key!.clear);
    const second = await reads(key!.clear);

    expect(first).toEqual({ result: E.right({ projectId: key!.projectId, keyId: key!.keyId }), reads: 1 });
    expect(second).toEqual({ result: first.result, reads: 0 });
  });

  it('asks the store again once the lifetime is over', async () => {
    const { keys, reads, clock } = await aWorld();
    await reads(keys[0]!.clear);

    clock.advance(TTL - 1);
    expect((await reads(keys[0]!.clear)).reads).toBe(0);
    clock.advance(1);
    expect((await reads(keys[0]!.clear)).reads).toBe(1);
    expect((await reads(keys[0]!.clear)).reads).toBe(0);
  });

  it('never remembers a refused key', async () => {
    const { reads } = await aWorld();

    const first = await reads('sk_live_nope');
    const second = await reads('sk_live_nope');

    expect(E.isLeft(first.result) && first.result.left._tag).toBe('Unauthorized');
    expect([first.reads, second.reads]).toEqual([1, 1]);
  });

  it('refuses a revoked key at once, and only that key is forgotten', async () => {
    const { keys, reads, revoke } = await aWorld();
    await reads(keys[0]!.clear);
    await reads(keys[1]!.clear);

    await revoke.execute({ keyId: keys[0]!.keyId })();

    const revoked = await reads(keys[0]!.clear);
    expect(E.isLeft(revoked.result) && revoked.result.left._tag).toBe('Unauthorized');
    expect(revoked.reads).toBe(1);
    expect((await reads(keys[1]!.clear)).reads).toBe(0);
  });

  it('refuses the keys of a suspended project at once (403)', async () => {
    const { keys, reads, suspend } = await aWorld();
    await reads(keys[2]!.clear);

    await suspend.execute({ projectId: keys[2]!.projectId })();

    const refused = await reads(keys[2]!.clear);
    expect(E.isLeft(refused.result) && refused.result.left).toMatchObject({ _tag: 'Forbidden', code: 'PROJECT_SUSPENDED' });
  });

  it('forgets everything when notices may have been missed', async () => {
    const { keys, reads, sut } = await aWorld();
    await reads(keys[0]!.clear);

    sut.forget({ type: 'missed' });

    expect((await reads(keys[0]!.clear)).reads).toBe(1);
  });

  it('does not remember an answer read before a revocation that arrived while it was read', async () => {
    const { keys, reads, sut } = await aWorld();
    const pending = reads(keys[0]!.clear);
    sut.forget({ type: 'key-revoked', keyId: keys[0]!.keyId });
    await pending;

    expect((await reads(keys[0]!.clear)).reads).toBe(1);
  });

  it('keeps at most maxEntries keys, forgetting the least recently used', async () => {
    const { keys, reads } = await aWorld({ ttlMs: TTL, maxEntries: 2 });
    await reads(keys[0]!.clear);
    await reads(keys[1]!.clear);
    await reads(keys[0]!.clear); // key 0 is now the most recent
    await reads(keys[2]!.clear); // evicts key 1

    expect((await reads(keys[0]!.clear)).reads).toBe(0);
    expect((await reads(keys[1]!.clear)).reads).toBe(1);
  });
});
