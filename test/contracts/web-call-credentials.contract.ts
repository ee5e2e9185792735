import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import type { WebCallCredentials } from '../../src/application/ports/web-call-credentials.js';
import { at, newId } from './builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const someCredentials = (overrides: Partial<WebCallCredentials> = {}): WebCallCredentials => ({
  account: newId('AC'),
  keyId: newId('SK'),
  sealedSecret: 'v1.iv.sealed.tag',
  applicationId: newId('AP'),
  voiceUrl: 'https://switchboard.example.com/twilio/voice',
  createdAt: at(1),
  ...overrides,
});

/** Web-call credentials storage, on every storage adapter. */
export const webCallCredentialsContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} WebCallCredentialRepository`, () => {
    const { store, inTx } = useStore(open);

    it('finds nothing for an account without credentials', async () => {
      expect(await inTx((tx) => tx.webCallCredentials.find(newId('AC')))).toBeNull();
    });

    it("stores an account's credentials under its lock and finds them as they were", async () => {
      const credentials = someCredentials();

      await inTx(async (tx) => {
        await tx.webCallCredentials.lock(credentials.account);
        await tx.webCallCredentials.save(credentials);
      });

      expect(await inTx((tx) => tx.webCallCredentials.find(credentials.account))).toEqual(credentials);
    });

    it('replaces what the account had, and keeps accounts apart', async () => {
      const first = someCredentials();
      const other = someCredentials();
      const replacement = someCredentials({ account: first.account, voiceUrl: 'https://elsewhere.example.com/twilio/voice', createdAt: at(2) });
      await inTx(async (tx) => {
        await tx.webCallCredentials.save(first);
        await tx.webCallCredentials.save(other);
      });

      await inTx((tx) => tx.webCallCredentials.save(replacement));

      expect(await inTx((tx) => tx.webCallCredentials.find(first.account))).toEqual(replacement);
      expect(await inTx((tx) => tx.webCallCredentials.find(other.account))).toEqual(other);
    });

    it('keeps nothing of a unit of work that ends in a Left', async () => {
      const credentials = someCredentials();

      await store().uow.transaction(async (tx) => {
        await tx.webCallCredentials.lock(credentials.account);
        await tx.webCallCredentials.save(credentials);
        return E.left('the carrier failed');
      });

      expect(await inTx((tx) => tx.webCallCredentials.find(credentials.account))).toBeNull();
    });
  });
};
