import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import type { IdempotencyKey, PendingText } from '../../src/application/ports/outbound-text-repositories.js';
import { DuplicateKey } from '../../src/application/ports/repositories.js';
import { newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const MINUTE = 60_000;
// A claim sees every queued text: each test works in an era before the one before it, so the
// texts an earlier test left queued are never due in a later one.
let eraStart = Date.UTC(2019, 0, 1);
const nextEra = () => {
  eraStart -= 30 * 24 * 60 * MINUTE;
  const start = eraStart;
  return (ms: number) => new Date(start + ms);
};

const aText = (createdAt: Date): Omit<PendingText, 'attempts'> => ({ messageId: newId('msg'), projectId: newId('prj'), createdAt });

const aKey = (overrides: Partial<IdempotencyKey> = {}): IdempotencyKey => ({
  projectId: newId('prj'),
  key: newId('idem'),
  fingerprint: '["agt_1","+14155550100","hi",[],null,null]',
  messageId: newId('msg'),
  createdAt: new Date(Date.UTC(2026, 0, 1)),
  answer: null,
  ...overrides,
});

const idsOf = (texts: readonly PendingText[]) => texts.map((t) => t.messageId);

/**
 * The outbox of outbound texts and the idempotency keys, asserted through the ports on every
 * storage adapter. `concurrent`: the store runs units of work side by side (PostgreSQL; the
 * in-memory store and PGlite run one at a time, so one claim cannot be held open beside another).
 */
export const outboundTextRepositoriesContract = (
  name: string,
  open: () => Promise<OpenedStore>,
  options: { readonly concurrent: boolean } = { concurrent: false },
): void => {
  describe(`${name} outbound text queue and idempotency keys`, () => {
    const { inTx, store } = useStore(open);

    describe('outbound texts', () => {
      it('holds a queued text for its sender, then lets one claim take it, counting the try it was queued for', async () => {
        const at = nextEra();
        const text = aText(at(0));
        await inTx((tx) => tx.outboundTexts.enqueue(text, at(MINUTE)));

        const whileHeld = await inTx((tx) => tx.outboundTexts.claimDue(at(MINUTE - 1), 10, MINUTE));
        const once = await inTx((tx) => tx.outboundTexts.claimDue(at(MINUTE), 10, MINUTE));
        const whileLeased = await inTx((tx) => tx.outboundTexts.claimDue(at(2 * MINUTE - 1), 10, MINUTE));
        const afterLease = await inTx((tx) => tx.outboundTexts.claimDue(at(2 * MINUTE), 10, MINUTE));

        expect(whileHeld).toEqual([]);
        expect(once).toEqual([{ ...text, attempts: 1 }]);
        expect(whileLeased).toEqual([]);
        expect(afterLease).toEqual([{ ...text, attempts: 2 }]);
        await inTx((tx) => tx.outboundTexts.complete(text.messageId));
      });

      it('claims the oldest first, at most the limit, and forgets a completed text', async () => {
        const at = nextEra();
        const texts = [aText(at(3)), aText(at(1)), aText(at(2))];
        await inTx(async (tx) => {
          for (const text of texts) await tx.outboundTexts.enqueue(text, at(0));
        });
        await inTx((tx) => tx.outboundTexts.complete(texts[1]!.messageId));

        const claimed = await inTx((tx) => tx.outboundTexts.claimDue(at(10), 1, MINUTE));
        const pending = await inTx((tx) => tx.outboundTexts.listPending(10_000));

        expect(idsOf(claimed)).toEqual([texts[2]!.messageId]);
        expect(idsOf(pending)).toEqual(expect.arrayContaining([texts[0]!.messageId, texts[2]!.messageId]));
        expect(idsOf(pending)).not.toContain(texts[1]!.messageId);
        for (const text of texts) await inTx((tx) => tx.outboundTexts.complete(text.messageId));
      });

      it('queues nothing when the unit of work that queued the text rolls back', async () => {
        const at = nextEra();
        const text = aText(at(0));
        await store().uow.transaction(async (tx) => {
          await tx.outboundTexts.enqueue(text, at(0));
          return E.left('rolled back');
        });

        expect(idsOf(await inTx((tx) => tx.outboundTexts.listPending(10_000)))).not.toContain(text.messageId);
        expect(await inTx((tx) => tx.outboundTexts.claimDue(at(MINUTE), 10, MINUTE))).toEqual([]);
      });

      it('never gives one text to two claims made at once', async () => {
        const at = nextEra();
        const texts = Array.from({ length: 20 }, (_, i) => aText(at(i)));
        await inTx(async (tx) => {
          for (const text of texts) await tx.outboundTexts.enqueue(text, at(0));
        });

        const claims = await Promise.all([0, 1, 2].map(() => inTx((tx) => tx.outboundTexts.claimDue(at(MINUTE), 8, MINUTE))));

        const taken = claims.flatMap(idsOf);
        expect(new Set(taken).size).toBe(taken.length);
        expect(new Set(taken)).toEqual(new Set(texts.map((t) => t.messageId)));
        for (const text of texts) await inTx((tx) => tx.outboundTexts.complete(text.messageId));
      });
    });

    it.runIf(options.concurrent)('skips the texts an open claim holds, without waiting for it to commit', async () => {
      const at = nextEra();
      const texts = Array.from({ length: 6 }, (_, i) => aText(at(i)));
      await inTx(async (tx) => {
        for (const text of texts) await tx.outboundTexts.enqueue(text, at(0));
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let firstClaimed!: (texts: readonly PendingText[]) => void;
      const claimedFirst = new Promise<readonly PendingText[]>((resolve) => (firstClaimed = resolve));
      const first = store().uow.transaction(async (tx) => {
        firstClaimed(await tx.outboundTexts.claimDue(at(MINUTE), 3, MINUTE));
        await released;
        return E.right(undefined);
      });

      const held = await claimedFirst;
      const second = await inTx((tx) => tx.outboundTexts.claimDue(at(MINUTE), 10, MINUTE));
      release();
      await first;

      expect(idsOf(held)).toEqual(texts.slice(0, 3).map((t) => t.messageId));
      expect(idsOf(second)).toEqual(texts.slice(3).map((t) => t.messageId));
      for (const text of texts) await inTx((tx) => tx.outboundTexts.complete(text.messageId));
    }, 15_000);

    describe('idempotency keys', () => {
      it('finds a key in its own project only, and refuses it twice in one project', async () => {
        const key = aKey();
        await inTx((tx) => tx.idempotencyKeys.insert(key));
        const twin = aKey({ key: key.key });
        await inTx((tx) => tx.idempotencyKeys.insert(twin));

        expect(await inTx((tx) => tx.idempotencyKeys.find(key.projectId, key.key))).toEqual(key);
        expect(await inTx((tx) => tx.idempotencyKeys.find(twin.projectId, key.key))).toEqual(twin);
        expect(await inTx((tx) => tx.idempotencyKeys.find(key.projectId, newId('idem')))).toBeNull();
        await expect(inTx((tx) => tx.idempotencyKeys.insert({ ...key, messageId: newId('msg') }))).rejects.toBeInstanceOf(DuplicateKey);
      });

      it('keeps the answer of the key that sent the message, accepted or refused', async () => {
        const accepted = aKey();
        const refused = aKey();
        await inTx(async (tx) => {
          await tx.idempotencyKeys.insert(accepted);
          await tx.idempotencyKeys.insert(refused);
          await tx.idempotencyKeys.recordAnswer(accepted.projectId, accepted.messageId, {
            kind: 'accepted',
            status: 'queued',
            providerMessageId: 'SM0123',
            errorCode: null,
          });
          await tx.idempotencyKeys.recordAnswer(refused.projectId, refused.messageId, {
            kind: 'refused',
            message: 'Message from an Unregistered Number',
            providerCode: '30034',
          });
          await tx.idempotencyKeys.recordAnswer(newId('prj'), accepted.messageId, { kind: 'refused', message: 'not its project', providerCode: null });
        });

        expect((await inTx((tx) => tx.idempotencyKeys.find(accepted.projectId, accepted.key)))?.answer).toEqual({
          kind: 'accepted',
          status: 'queued',
          providerMessageId: 'SM0123',
          errorCode: null,
        });
        expect((await inTx((tx) => tx.idempotencyKeys.find(refused.projectId, refused.key)))?.answer).toEqual({
          kind: 'refused',
          message: 'Message from an Unregistered Number',
          providerCode: '30034',
        });
      });

      it('forgets the keys created before a time, at most the limit at once', async () => {
        const old = [aKey({ createdAt: new Date(Date.UTC(2001, 0, 1)) }), aKey({ createdAt: new Date(Date.UTC(2001, 0, 2)) })];
        const recent = aKey({ createdAt: new Date(Date.UTC(2001, 0, 4)) });
        await inTx(async (tx) => {
          for (const key of [...old, recent]) await tx.idempotencyKeys.insert(key);
        });

        const first = await inTx((tx) => tx.idempotencyKeys.deleteCreatedBefore(new Date(Date.UTC(2001, 0, 3)), 1));
        const rest = await inTx((tx) => tx.idempotencyKeys.deleteCreatedBefore(new Date(Date.UTC(2001, 0, 3)), 10));

        expect([first, rest]).toEqual([1, 1]);
        for (const key of old) expect(await inTx((tx) => tx.idempotencyKeys.find(key.projectId, key.key))).toBeNull();
        expect(await inTx((tx) => tx.idempotencyKeys.find(recent.projectId, recent.key))).toEqual(recent);
      });
    });
  });
};
