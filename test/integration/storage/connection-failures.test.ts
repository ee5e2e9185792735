import { rm } from 'node:fs/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionFailure } from '../../../src/adapters/mikro-orm/connection-failures.js';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { entities } from '../../../src/adapters/mikro-orm/entities/index.js';
import { MikroOrmUnitOfWork } from '../../../src/adapters/mikro-orm/mikro-orm-unit-of-work.js';
import { DependencyUnavailable } from '../../../src/application/ports/dependency-unavailable.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

describe(MikroOrmUnitOfWork.name, () => {
  describe('with a database that refuses connections', () => {
    let orm: MikroORM;
    let sut: MikroOrmUnitOfWork;
    beforeAll(async () => {
      orm = await MikroORM.init({
        clientUrl: 'postgres://postgres@127.0.0.1:1/unreachable',
        entities,
        discovery: { disableDynamicFileAccess: true },
        allowGlobalContext: false,
        connect: false,
      });
      sut = new MikroOrmUnitOfWork(orm);
    });
    afterAll(async () => {
      await orm?.close(true);
    });

    it('throws DependencyUnavailable from a unit of work, keeping the cause', async () => {
      const failure = await sut.transaction(async (tx) => E.right(await tx.projects.findById('proj_1'))).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(DependencyUnavailable);
      expect((failure as DependencyUnavailable).message).toBe('database is unavailable');
      expect(((failure as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    });

    it('throws DependencyUnavailable from ping', async () => {
      await expect(sut.ping()).rejects.toBeInstanceOf(DependencyUnavailable);
    });
  });

  describe('with a database that refuses a value', () => {
    let dataDir: string;
    let database: Database;
    beforeAll(async () => {
      dataDir = await aMigratedDataDir('switchboard-refused-');
      database = await openDatabase({ dataDir });
    });
    afterAll(async () => {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('throws the driver error itself, not DependencyUnavailable, for text with NUL, and keeps serving', async () => {
      const failure = await database.uow
        .transaction(async (tx) => E.right(await tx.agents.findById('prj_1', 'agt_\u0000')))
        .catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(DependencyUnavailable);
      await expect(database.uow.ping()).resolves.toBeUndefined();
    });
  });
});

describe(isConnectionFailure.name, () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused socket', withCode('ECONNREFUSED')],
    ['a reset socket', withCode('ECONNRESET')],
    ['an admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03')],
    ['a connection exception class', withCode('08006')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['an exhausted pool', new Error('Knex: Timeout acquiring a connection. The pool is probably full.')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('recognises %s', (_, error) => {
    expect(isConnectionFailure(error)).toBe(true);
  });

  it('recognises a protocol violation that ends the session', () => {
    expect(isConnectionFailure(Object.assign(withCode('08P01', 'invalid frontend message type 0'), { severity: 'FATAL' }))).toBe(true);
  });

  it.each([
    ['a message the server refused, keeping the session', Object.assign(withCode('08P01', 'invalid message format'), { severity: 'ERROR' })],
    ['text with NUL', Object.assign(withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00'), { severity: 'ERROR' })],
    ['an unsupported Unicode escape in JSON', Object.assign(withCode('22P05', 'unsupported Unicode escape sequence'), { severity: 'ERROR' })],
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601', 'syntax error at or near "selec"')],
    ['a plain defect', new TypeError('cannot read properties of undefined')],
  ])('leaves %s alone', (_, error) => {
    expect(isConnectionFailure(error)).toBe(false);
  });
});
