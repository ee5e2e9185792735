import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { BlockedAddressError, OutboundGuard } from '../../../src/adapters/http/outbound-guard.js';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { hostsTable } from '../../support/hosts-table.js';

const hosts = hostsTable({
  'public.test': ['2606:4700::1', '8.8.8.8'],
  'hooks.test': '127.0.0.1',
  'sneaky.test': ['8.8.8.8', 'fd00::7'],
});

/** What the guard's lookup answers, as `net.connect` asks it. */
const lookUp = (sut: OutboundGuard, hostname: string, options: { all?: boolean; family?: number }) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    sut.lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );

describe(OutboundGuard.name, () => {
  describe('refusalOf (a host as a saved URL names it)', () => {
    const host = (url: string) => new URL(url).hostname;
    const sut = new OutboundGuard(DENY_PRIVATE_NETWORKS, hosts);

    it.each([
      ['http://localhost/', 'localhost names this machine'],
      ['http://api.localhost./', 'api.localhost names this machine'],
      ['http://0x7f000001/', '127.0.0.1 is a loopback address'],
      ['http://[::1]/', '::1 is a loopback address'],
      ['http://[::ffff:a00:1]/', '::ffff:a00:1 carries 10.0.0.1 is a private network address'],
      ['http://[fe80::1]/', 'link-local'],
      ['http://100.64.0.1/', 'carrier-grade NAT'],
    ])('refuses %s', (url, why) => {
      expect(sut.refusalOf(host(url))).toContain(why);
    });

    it.each(['https://example.com/', 'https://hooks.test/', 'http://8.8.8.8/', 'http://[2606:4700::1]/', 'http://172.32.0.1/'])(
      'leaves %s to the connection (names are judged by what they resolve to)',
      (url) => {
        expect(sut.refusalOf(host(url))).toBeNull();
      },
    );

    it('lets everything through when built to allow all', () => {
      expect(OutboundGuard.allowingAll().refusalOf('localhost')).toBeNull();
      expect(OutboundGuard.allowingAll().refusalOf('[::1]')).toBeNull();
    });
  });

  describe('lookup (where a connection goes)', () => {
    const sut = new OutboundGuard(DENY_PRIVATE_NETWORKS, hosts);

    it('answers one address, or all of them, or those of one family', async () => {
      expect(await lookUp(sut, 'public.test', {})).toEqual({ error: null, address: '2606:4700::1', family: 6 });
      expect(await lookUp(sut, 'public.test', { all: true })).toMatchObject({
        error: null,
        address: [{ address: '2606:4700::1', family: 6 }, { address: '8.8.8.8', family: 4 }],
      });
      expect(await lookUp(sut, 'public.test', { family: 4 })).toEqual({ error: null, address: '8.8.8.8', family: 4 });
    });

    it('refuses a name with any refused address, whichever family is asked for', async () => {
      const refused = await lookUp(sut, 'sneaky.test', { family: 4 });

      expect(refused.error).toBeInstanceOf(BlockedAddressError);
      expect(refused.error!.message).toBe('blocked_address: sneaky.test resolves to a refused address: fd00::7 is a unique local address');
      expect((await lookUp(sut, 'hooks.test', { all: true })).error).toBeInstanceOf(BlockedAddressError);
    });

    it('passes on what the resolver could not resolve', async () => {
      expect((await lookUp(sut, 'nowhere.test', {})).error).toMatchObject({ code: 'ENOTFOUND' });
    });
  });
});
