import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('the landing page at /', () => {
  const started: Switchboard[] = [];
  const aSwitchboard = (basePath?: string, env: Record<string, string> = {}) => {
    const sb = createSwitchboard({ env, storage: 'memory', logger: silentLogger(), ...(basePath ? { basePath } : {}) });
    started.push(sb);
    return sb;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((sb) => sb.close()));
  });

  it('says what is running and links to the playground, the admin console, the API reference and health', async () => {
    const response = await aSwitchboard().fetch(new Request('http://switchboard.test/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    const html = await response.text();
    expect(html).toContain(`<dd id="version">${version}</dd>`);
    expect(html).toContain('<dd id="carrier">simulated (no real calls or texts)</dd>');
    expect(html).toContain('<dd id="storage">process memory (nothing persists)</dd>');
    for (const path of ['/playground', '/admin/graphql', '/docs', '/openapi.json', '/health']) expect(html).toContain(`href="${path}"`);
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('is mounted under the host’s base path, with links under it', async () => {
    const sb = aSwitchboard('/switchboard');
    const bare = await sb.fetch(new Request('http://host.test/switchboard'));
    expect(bare.status).toBe(200);
    // A host that hands on `/switchboard/…` (as the embedding guide's does) hands on this one.
    const response = await sb.fetch(new Request('http://host.test/switchboard/'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await bare.text()).toContain('<h1>Switchboard is running</h1>');
    expect(html).toContain('<h1>Switchboard is running</h1>');
    expect(html).toContain('href="/switchboard/admin/graphql"');
    expect(html).toContain('href="/switchboard/health"');
    expect((await sb.fetch(new Request('http://host.test/'))).status).toBe(404);
  });

  it('leaves the REST API’s answer for unknown paths as it was', async () => {
    const sb = aSwitchboard();
    // Without a key the API answers 401 before it looks the path up: in its JSON envelope, as before.
    const unknown = await sb.fetch(new Request('http://switchboard.test/v1/no-such-thing'));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: { code: expect.any(String) } });
    const posted = await sb.fetch(new Request('http://switchboard.test/', { method: 'POST' }));
    expect(posted.headers.get('content-type')).toMatch(/json/);
  });
});
