import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { startServer } from '../../../src/bootstrap/server.js';
import { runOnServer } from '../../support/scratch-database.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { RecordingLogger } from '../rest/harness.js';

const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'not-a-real-token' };

/** A port nothing listens on: one the system just gave out and took back. */
const aClosedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('start-up tells the truth', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const aDataDir = async () => {
    // Migrated already: these tests are about what a start says, not about making the store.
    const dir = await aMigratedDataDir('sb-start-up-');
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };

  it('warns, naming PUBLIC_URL, when Twilio is configured without it', async () => {
    const logger = new RecordingLogger();
    const sb = createSwitchboard({ env: TWILIO, storage: 'memory', logger });
    cleanups.push(() => sb.close());
    await sb.start();
    const warnings = logger.lines.filter((line) => line.level === 'warn' && line.fields.setting === 'PUBLIC_URL');
    expect(warnings.map((line) => line.message)).toEqual([expect.stringMatching(/^Twilio is configured but PUBLIC_URL is not set: .*http:\/\/127\.0\.0\.1:3000/)]);
  });

  it('warns when PUBLIC_URL is http://, and says nothing on the simulated carrier', async () => {
    const twilioLog = new RecordingLogger();
    const onTwilio = createSwitchboard({ env: { ...TWILIO, PUBLIC_URL: 'http://calls.example.com' }, storage: 'memory', logger: twilioLog });
    const simulatedLog = new RecordingLogger();
    const simulated = createSwitchboard({ env: {}, storage: 'memory', logger: simulatedLog });
    cleanups.push(() => onTwilio.close(), () => simulated.close());
    await Promise.all([onTwilio.start(), simulated.start()]);
    // Neither has a language model; that warning is another test's business.
    const warnings = (log: RecordingLogger) =>
      log.lines.filter((line) => line.level === 'warn' && !(line.message ?? '').startsWith('hosted mode has no language model'));
    expect(warnings(twilioLog).map((line) => line.message)).toEqual([
      expect.stringMatching(/^PUBLIC_URL is http:\/\/calls\.example\.com, not https/),
    ]);
    expect(warnings(simulatedLog)).toEqual([]);
  });

  it('repeats the warnings in the banner of the standalone server, where a terminal user sees them', async () => {
    const server = await startServer({ ...TWILIO, PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: await aDataDir() });
    await server.stop();
    expect(server.banner).toMatch(new RegExp(`\\n  Warning: Twilio is configured but PUBLIC_URL is not set: numbers and calls will be given ${server.url},`));
  });

  it('says where the admin token is kept on every start, not only the first', async () => {
    const dataDir = await aDataDir();
    const env = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const file = join(dataDir, 'admin-token');
    for (const start of ['first', 'second']) {
      const server = await startServer(env);
      await server.stop();
      expect(server.banner, start).toContain(`Admin console:  ${server.url}/admin/graphql   (admin token: ${file})`);
      expect(server.banner, start).toContain(`Start here:     ${server.url}/`);
    }
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^sb_admin_/);
    const chosen = await startServer({ ...env, ADMIN_TOKEN: 'sb_admin_chosen_by_the_operator' });
    await chosen.stop();
    expect(chosen.banner).toContain('(admin token: the ADMIN_TOKEN setting)');
    expect(chosen.banner).not.toContain('sb_admin_chosen_by_the_operator');
  });

  it('names DATABASE_URL, without its password, when its server cannot be reached', async () => {
    const port = await aClosedPort();
    const failed = await startServer({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: await aDataDir(), DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/switchboard` }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failed?.message).toBe(
      `cannot reach the database at DATABASE_URL (postgres://app:***@127.0.0.1:${port}/switchboard): connect ECONNREFUSED 127.0.0.1:${port}. ` +
        'Check that PostgreSQL is running there and accepts connections from this host, or unset DATABASE_URL to use the embedded database in DATA_DIR.',
    );
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)('says so when DATABASE_URL names a database that did not exist and it is created', async () => {
    const name = `sb_created_${randomBytes(6).toString('hex')}`;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    cleanups.push(() => runOnServer(serverUrl!, `drop database if exists ${name} with (force)`));
    const logger = new RecordingLogger();
    const sb = createSwitchboard({ env: { DATABASE_URL: url.toString(), DATA_DIR: await aDataDir() }, logger });
    cleanups.push(() => sb.close());
    await sb.start();
    expect(logger.lines.filter((line) => line.level === 'info').map((line) => line.message)).toContain(
      `created the database "${name}": it did not exist`,
    );

    // Opened again, it exists: nothing is said.
    await sb.close();
    const again = new RecordingLogger();
    const reopened = createSwitchboard({ env: { DATABASE_URL: url.toString(), DATA_DIR: await aDataDir() }, logger: again });
    cleanups.push(() => reopened.close());
    await reopened.start();
    expect(again.lines.map((line) => line.message ?? '')).not.toContainEqual(expect.stringMatching(/^created the database/));
  });
});
