import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { RecordingLogger } from '../rest/harness.js';

describe('the admin console and the playground under a base path', () => {
  let sut: Switchboard;
  afterEach(async () => {
    await sut?.close();
  });

  it('are served under the host’s base path, with an admin token of the instance', async () => {
    sut = createSwitchboard({ env: {}, storage: 'memory', basePath: '/switchboard', logger: new RecordingLogger() });
    expect(() => sut.adminToken()).toThrow(/not started/);
    await sut.start();
    const query = (path: string, token?: string) =>
      sut.fetch(
        new Request(`http://host.test${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ query: '{ projects { total } }' }),
        }),
      );

    expect((await query('/switchboard/admin/graphql')).status).toBe(401);
    const reply = await query('/switchboard/admin/graphql', sut.adminToken());
    expect(await reply.json()).toEqual({ data: { projects: { total: 0 } } });
    expect((await query('/admin/graphql', sut.adminToken())).status).toBe(404);

    const page = await sut.fetch(new Request('http://host.test/switchboard/playground'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Switchboard playground');
    // The page finds the API and the call socket from its own path.
    expect(html).toContain(String.raw`location.pathname.replace(/\/playground\/?$/, '')`);
    // Its icon, named relative to the page, is served below the same base path (no 404 in the console).
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(html)?.[1];
    const iconUrl = new URL(href ?? 'missing', 'http://host.test/switchboard/playground');
    expect(iconUrl.pathname).toBe('/switchboard/playground/favicon.svg');
    const icon = await sut.fetch(new Request(iconUrl));
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('takes ADMIN_TOKEN from the environment', async () => {
    sut = createSwitchboard({ env: { ADMIN_TOKEN: 'from-the-env' }, storage: 'memory', logger: new RecordingLogger() });
    await sut.start();
    expect(sut.adminToken()).toBe('from-the-env');
  });
});
