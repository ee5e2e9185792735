import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';
import { RecordingLogger } from '../rest/harness.js';

/** Every entry under `root` (not `root` itself) whose mode lets its group or others in, as "path mode". */
const openToOthers = async (root: string): Promise<string[]> => {
  const found: string[] = [];
  const visit = async (dir: string) => {
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      const info = await lstat(path);
      if (info.isSymbolicLink()) continue;
      if ((info.mode & 0o077) !== 0) found.push(`${relative(root, path)} ${(info.mode & 0o777).toString(8)}`);
      if (info.isDirectory()) await visit(path);
    }
  };
  await visit(root);
  return found;
};

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('DATA_DIR permissions', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const aTempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-modes-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  const started = async (dataDir: string): Promise<Switchboard> => {
    const sut = createSwitchboard({ env: { DATA_DIR: dataDir }, logger: new RecordingLogger() });
    cleanups.push(() => sut.close());
    await sut.start();
    return sut;
  };

  it('creates DATA_DIR as 0700, and nothing PGlite or the admin token put in it is open to group or others', async () => {
    const dataDir = join(await aTempDir(), 'data');
    const sut = await started(dataDir);

    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'admin-token'))).toBe(0o600);
    expect(await openToOthers(dataDir)).toEqual([]);

    await sut.close();
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 60_000);

  it('tightens a DATA_DIR left open by an earlier version at the next start', async () => {
    // A store made already (by the template, not by this start), its folders then opened up.
    const dataDir = await aMigratedDataDir('switchboard-modes-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await chmod(join(dataDir, 'pgdata'), 0o755);
    await chmod(dataDir, 0o755);
    await writeFile(join(dataDir, 'admin-token'), 'sb_admin_kept\n', { mode: 0o644 });
    await chmod(join(dataDir, 'admin-token'), 0o644);
    await writeFile(join(dataDir, 'simulated-carrier.json'), '{"sequence":0,"held":[]}', { mode: 0o666 });
    await chmod(join(dataDir, 'simulated-carrier.json'), 0o666);
    // Not Switchboard's: the operator's, left as it is (the directory's 0700 shields it).
    await mkdir(join(dataDir, 'backups'), { mode: 0o755 });
    await chmod(join(dataDir, 'backups'), 0o755);

    const sut = await started(dataDir);

    expect(sut.adminToken()).toBe('sb_admin_kept');
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'admin-token'))).toBe(0o600);
    expect(await openToOthers(dataDir)).toEqual(['backups 755']);
  }, 60_000);

  it('keeps the simulated carrier’s numbers in a file of the owner’s alone', async () => {
    const dataDir = join(await aTempDir(), 'data');
    const carrier = new SimulatedTelephony({ stateFile: join(dataDir, 'simulated-carrier.json') });

    await carrier.purchaseNumber(trustE164('+14155550100'), { smsUrl: 'http://h/sms', voiceUrl: 'http://h/voice', voiceStatusUrl: 'http://h/status' });

    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'simulated-carrier.json'))).toBe(0o600);
  });
});
