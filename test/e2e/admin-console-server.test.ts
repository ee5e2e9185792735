import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aMigratedDataDir } from '../support/pglite-template.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const TOKEN_LINE = /admin console token \(kept in (\S+)\): (sb_admin_\S+)/g;

const projects = (server: ServerProcess, token: string | null) =>
  fetch(`${server.url}/admin/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: '{ projects { total } }' }),
  });

describe('the standalone server’s admin console', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('generates its token at the first start, prints it once, keeps it in DATA_DIR (0600) across restarts', async () => {
    // The store is migrated already: the first start this test is about is the admin token's.
    const dataDir = await aMigratedDataDir('switchboard-admin-e2e-');
    dirs.push(dataDir);

    const first = await startServerProcess({ DATA_DIR: dataDir });
    let token: string;
    try {
      const printed = [...first.output().matchAll(TOKEN_LINE)];
      expect(printed).toHaveLength(1);
      token = printed[0]![2]!;
      await expect.poll(() => first.output()).toContain(`Admin console:  ${first.url}/admin/graphql   (admin token: ${join(dataDir, 'admin-token')})`);
      expect((await projects(first, null)).status).toBe(401);
      const reply = await projects(first, token);
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ data: { projects: { total: 0 } } });
      const page = await fetch(`${first.url}/playground`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Switchboard playground');
    } finally {
      await first.stop();
    }
    const file = join(dataDir, 'admin-token');
    expect((await readFile(file, 'utf8')).trim()).toBe(token);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect([...second.output().matchAll(TOKEN_LINE)]).toHaveLength(0);
      // Not printed again, but where it is kept is said at every start.
      await expect.poll(() => second.output()).toContain(`(admin token: ${join(dataDir, 'admin-token')})`);
      expect((await projects(second, token)).status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
