import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_FILE, resolveAdminToken } from '../../../src/bootstrap/admin-token.js';
import { RecordingLogger } from '../../integration/rest/harness.js';

describe(resolveAdminToken.name, () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const aDataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-admin-token-'));
    dirs.push(dir);
    return join(dir, 'data');
  };

  it('takes ADMIN_TOKEN as it is and writes nothing', async () => {
    const dataDir = await aDataDir();
    const announced: string[] = [];
    const sut = await resolveAdminToken({ adminToken: 'chosen-token', dataDir }, 'database', new RecordingLogger(), (l) => announced.push(l));
    expect(sut).toBe('chosen-token');
    await expect(stat(join(dataDir, ADMIN_TOKEN_FILE))).rejects.toThrow();
    expect(announced).toEqual([]);
  });

  it('makes one per instance with memory storage, kept nowhere', async () => {
    const dataDir = await aDataDir();
    const first = await resolveAdminToken({ adminToken: null, dataDir }, 'memory', new RecordingLogger(), () => undefined);
    const second = await resolveAdminToken({ adminToken: null, dataDir }, 'memory', new RecordingLogger(), () => undefined);
    expect(first).toMatch(/^sb_admin_[\w-]{32}$/);
    expect(second).not.toBe(first);
    await expect(stat(dataDir)).rejects.toThrow();
  });

  it('generates it once into DATA_DIR (mode 0600), prints it that once, and keeps it across restarts', async () => {
    const dataDir = await aDataDir();
    const logger = new RecordingLogger();
    const announced: string[] = [];
    const first = await resolveAdminToken({ adminToken: null, dataDir }, 'database', logger, (l) => announced.push(l));
    const again = await resolveAdminToken({ adminToken: null, dataDir }, 'database', logger, (l) => announced.push(l));

    expect(again).toBe(first);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toContain(first);
    expect((await readFile(join(dataDir, ADMIN_TOKEN_FILE), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dataDir, ADMIN_TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(logger.lines)).not.toContain(first);
  });
});
