import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { EXPIRED_SIGN_UP_RETENTION_MS } from '../../../src/application/accounts/sign-up-sweeper.js';
import { createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { aSignUp } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('the sign-up sweep in a Switchboard', () => {
  it('runs when the Switchboard starts and stops with close()', async () => {
    const uow = new InMemoryUnitOfWork();
    const old = aSignUp({ id: 'ver_old', expiresAt: new Date(NOW.getTime() - EXPIRED_SIGN_UP_RETENTION_MS - 1) });
    const recent = aSignUp({ id: 'ver_recent', expiresAt: new Date(NOW.getTime() - 60_000) });
    await uow.transaction(async (tx) => {
      await tx.signUps.save(old);
      await tx.signUps.save(recent);
      return E.right(undefined);
    });
    const stored = async (id: string) => {
      const found = await uow.transaction(async (tx) => E.right(await tx.signUps.findById(id)));
      return E.isRight(found) ? found.right : null;
    };
    const sut = createSwitchboard({ env: {}, unitOfWork: uow, clock: new FixedClock(NOW), logger: silentLogger() });

    try {
      await sut.start();
      await eventually(async () => (await stored(old.id)) === null, { what: 'the sweep to delete the old sign-up' });
      expect(await stored(old.id)).toBeNull();
      expect(await stored(recent.id)).toEqual(recent);
    } finally {
      await sut.close();
    }
  });
});
