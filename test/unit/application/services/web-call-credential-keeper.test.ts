import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { ProviderFailure } from '../../../../src/application/ports/telephony.js';
import type { UnitOfWork } from '../../../../src/application/ports/unit-of-work.js';
import type { WebCallCredentials, WebCallSetup } from '../../../../src/application/ports/web-call-credentials.js';
import { WebCallCredentialKeeper } from '../../../../src/application/voice/web-call-credential-keeper.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const VOICE_URL = 'https://switchboard.example.com/twilio/voice';
const ACCOUNT = 'AC1';

/** A carrier that numbers the sets it makes, and records what it was asked to remove. */
class RecordingSetup implements WebCallSetup {
  readonly account = ACCOUNT;
  readonly made: WebCallCredentials[] = [];
  readonly discarded: string[] = [];
  /** Key ids whose secrets no longer open (the account's credentials changed since). */
  readonly sealedElsewhere = new Set<string>();
  failure: ProviderFailure | null = null;

  opens(credentials: WebCallCredentials): boolean {
    return !this.sealedElsewhere.has(credentials.keyId);
  }

  async create(request: { readonly voiceUrl: string; readonly now: Date }) {
    if (this.failure) return E.left(this.failure);
    const n = this.made.length + 1;
    const credentials: WebCallCredentials = {
      account: ACCOUNT,
      keyId: `SK${n}`,
      sealedSecret: `sealed-${n}`,
      applicationId: `AP${n}`,
      voiceUrl: request.voiceUrl,
      createdAt: request.now,
    };
    this.made.push(credentials);
    return E.right(credentials);
  }

  async discard(credentials: WebCallCredentials): Promise<void> {
    this.discarded.push(credentials.keyId);
  }
}

const aKeeper = (uow: UnitOfWork, setup: WebCallSetup | null, voiceUrl = VOICE_URL) =>
  new WebCallCredentialKeeper({ uow, clock: new FixedClock(NOW), setup, voiceUrl });

const stored = (uow: InMemoryUnitOfWork) => uow.tables.webCallCredentials.get(ACCOUNT) ?? null;

describe(WebCallCredentialKeeper.name, () => {
  it('answers null, making nothing, for a carrier that needs no credentials', async () => {
    const uow = new InMemoryUnitOfWork();

    expect(await aKeeper(uow, null).credentials()).toEqual(E.right(null));
    expect(uow.tables.webCallCredentials.size).toBe(0);
  });

  it('makes and stores a set on first need; another node reads it instead of making one', async () => {
    const uow = new InMemoryUnitOfWork();
    const setup = new RecordingSetup();

    const first = await aKeeper(uow, setup).credentials();
    const onAnotherNode = await aKeeper(uow, setup).credentials();

    expect(first).toEqual(E.right(setup.made[0]));
    expect(onAnotherNode).toEqual(first);
    expect(setup.made).toHaveLength(1);
    expect(stored(uow)).toEqual({ account: ACCOUNT, keyId: 'SK1', sealedSecret: 'sealed-1', applicationId: 'AP1', voiceUrl: VOICE_URL, createdAt: NOW });
  });

  it('makes one set for concurrent first requests', async () => {
    const uow = new InMemoryUnitOfWork();
    const setup = new RecordingSetup();
    const keeper = aKeeper(uow, setup);

    const answers = await Promise.all([keeper.credentials(), keeper.credentials(), aKeeper(uow, setup).credentials()]);

    expect(setup.made).toHaveLength(1);
    expect(answers).toEqual([E.right(setup.made[0]), E.right(setup.made[0]), E.right(setup.made[0])]);
  });

  it('replaces a set made for another voice URL, and removes the old one at the carrier', async () => {
    const uow = new InMemoryUnitOfWork();
    const setup = new RecordingSetup();
    await aKeeper(uow, setup, 'http://127.0.0.1:3000/twilio/voice').credentials();

    const moved = await aKeeper(uow, setup).credentials();

    expect(moved).toEqual(E.right(expect.objectContaining({ keyId: 'SK2', voiceUrl: VOICE_URL })));
    expect(stored(uow)?.keyId).toBe('SK2');
    expect(setup.discarded).toEqual(['SK1']);
  });

  it('replaces a set whose secret no longer opens (the auth token changed)', async () => {
    const uow = new InMemoryUnitOfWork();
    const setup = new RecordingSetup();
    await aKeeper(uow, setup).credentials();
    setup.sealedElsewhere.add('SK1');

    const replaced = await aKeeper(uow, setup).credentials();

    expect(replaced).toEqual(E.right(expect.objectContaining({ keyId: 'SK2' })));
    expect(setup.discarded).toEqual(['SK1']);
  });

  it("answers the carrier's refusal, stores nothing, and tries again on the next request", async () => {
    const uow = new InMemoryUnitOfWork();
    const setup = new RecordingSetup();
    const keeper = aKeeper(uow, setup);
    setup.failure = { _tag: 'ProviderError', message: 'Authenticate', providerCode: '20003' };

    const refused = await keeper.credentials();
    setup.failure = null;
    const retried = await keeper.credentials();

    expect(refused).toEqual(E.left({ _tag: 'ProviderError', message: 'Authenticate', providerCode: '20003' }));
    expect(retried).toEqual(E.right(setup.made[0]));
    expect(stored(uow)?.keyId).toBe('SK1');
  });

  it('removes a set it made at the carrier when storing it fails', async () => {
    const memory = new InMemoryUnitOfWork();
    const failingToStore: UnitOfWork = {
      ping: () => memory.ping(),
      transaction: (work) =>
        memory.transaction((tx) =>
          work({ ...tx, webCallCredentials: { ...tx.webCallCredentials, save: async () => Promise.reject(new Error('disk full')) } }),
        ),
    };
    const setup = new RecordingSetup();

    await expect(aKeeper(failingToStore, setup).credentials()).rejects.toThrow('disk full');

    expect(setup.made.map((c) => c.keyId)).toEqual(['SK1']);
    expect(setup.discarded).toEqual(['SK1']);
    expect(stored(memory)).toBeNull();
  });
});
