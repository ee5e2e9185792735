import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { clientIpFromChain, normalizeIp, proxyTrustOf } from '../../../src/adapters/rest/client-ip.js';
import { loadConfig } from '../../../src/bootstrap/config.js';

const trustProxyOf = (value: string) => {
  const loaded = loadConfig({ TRUST_PROXY: value });
  if (E.isLeft(loaded)) throw new Error(loaded.left.join('\n'));
  return loaded.right.trustProxy;
};

/** The client for `TRUST_PROXY=setting`, a socket peer (null: a Fetch host) and an X-Forwarded-For header. */
const clientOf = (setting: string, peer: string | null, forwardedFor?: string) =>
  clientIpFromChain(proxyTrustOf(trustProxyOf(setting)), peer, forwardedFor);

const problemsOf = (value: string) => {
  const loaded = loadConfig({ TRUST_PROXY: value });
  return E.isLeft(loaded) ? loaded.left : [];
};

describe('TRUST_PROXY', () => {
  it('is unset by default', () => {
    expect(loadConfig({})).toEqual(E.right(expect.objectContaining({ trustProxy: null })));
    expect(trustProxyOf('  ')).toBeNull();
  });

  it('decodes a hop count and a list of addresses and ranges', () => {
    expect(trustProxyOf('2')).toEqual({ hops: 2 });
    expect(trustProxyOf(' 10.0.0.0/8, 127.0.0.1, ::1 ,fd00::/8,::ffff:192.168.0.1 ')).toEqual({
      trusted: [
        { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
        { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
        { address: '::1', prefix: 128, family: 'ipv6' },
        { address: 'fd00::', prefix: 8, family: 'ipv6' },
        { address: '192.168.0.1', prefix: 32, family: 'ipv4' },
      ],
    });
  });

  it.each([
    ['abc', '"abc" is not an IP address or CIDR range'],
    ['10.0.0.0/33', 'the prefix length must be 0 to 32 for IPv4'],
    ['fd00::/129', 'the prefix length must be 0 to 128 for IPv6'],
    ['10.0.0.0/', 'the prefix length must be 0 to 32'],
    ['10.0.0.0/8/8', 'is not an IP address or CIDR range'],
    ['-1', 'cannot be negative'],
    ['1.5', 'is not an IP address'],
    ['10.0.0.1,', '"" is not an IP address'],
    ['1, 10.0.0.1', '"1" is not an IP address'],
    ['256.0.0.1', 'is not an IP address'],
  ])('refuses %j with a message naming TRUST_PROXY', (value, reason) => {
    const problems = problemsOf(value);

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY=/);
    expect(problems[0]).toContain('must be a number of proxy hops');
    expect(problems[0]).toContain(reason);
  });
});

describe(normalizeIp.name, () => {
  it.each([
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
  ])('reads %j as %j', (raw, address) => {
    expect(normalizeIp(raw)).toBe(address);
  });

  it.each(['', 'unknown', 'example.com', '203.0.113', '01.2.3.4', '_hidden', '[1.2.3.4]', '[::1'])('refuses %j', (raw) => {
    expect(normalizeIp(raw)).toBeNull();
  });
});

describe(clientIpFromChain.name, () => {
  const peer = '10.0.0.9';

  describe('TRUST_PROXY unset', () => {
    it('is the socket peer, whatever X-Forwarded-For says', () => {
      expect(clientIpFromChain(proxyTrustOf(null), peer, '1.1.1.1, 2.2.2.2')).toBe(peer);
      expect(clientIpFromChain(null, peer, '1.1.1.1')).toBe(peer);
    });

    it('is null for a socket without an address (closed), whatever the setting', () => {
      expect(clientIpFromChain(null, '', '1.1.1.1')).toBeNull();
      expect(clientOf('1', '', '1.1.1.1')).toBeNull();
      expect(clientOf('10.0.0.0/8', '', '1.1.1.1')).toBeNull();
    });

    it('is null without a socket (Fetch handler), even with a header', () => {
      expect(clientIpFromChain(null, null, '1.1.1.1')).toBeNull();
    });
  });

  describe('a hop count', () => {
    it.each([
      ['0', 'a, b, c → the peer', '10.0.0.9'],
      ['1', 'the nearest address the proxy appended', '3.3.3.3'],
      ['2', 'two proxies', '2.2.2.2'],
      ['3', 'three proxies', '1.1.1.1'],
      ['4', 'more hops than the chain: the leftmost', '1.1.1.1'],
      ['99', 'far more hops', '1.1.1.1'],
    ])('TRUST_PROXY=%s (%s)', (hops, _, client) => {
      expect(clientOf(hops, peer, '1.1.1.1, 2.2.2.2, 3.3.3.3')).toBe(client);
    });

    it('is the peer when there is no header', () => {
      expect(clientOf('1', peer, undefined)).toBe(peer);
      expect(clientOf('1', peer, '')).toBe(peer);
    });

    it('reads the header of several X-Forwarded-For lines joined with commas, spaces or not', () => {
      expect(clientOf('2', peer, '1.1.1.1,2.2.2.2 ,  3.3.3.3')).toBe('2.2.2.2');
    });

    it('stops at an entry that is not an IP address, on the last good one', () => {
      expect(clientOf('2', peer, '1.1.1.1, unknown, 3.3.3.3')).toBe('3.3.3.3');
      expect(clientOf('1', peer, '1.1.1.1, garbage')).toBe(peer);
      expect(clientOf('3', peer, '1.1.1.1, , 3.3.3.3')).toBe('3.3.3.3');
      expect(clientOf('2', peer, 'garbage, 2.2.2.2, 3.3.3.3')).toBe('2.2.2.2');
    });

    it('normalises IPv4-mapped peers and entries, and IPv6', () => {
      expect(clientOf('0', '::ffff:10.0.0.9', '1.1.1.1')).toBe('10.0.0.9');
      expect(clientOf('1', '::ffff:10.0.0.9', '::ffff:1.1.1.1')).toBe('1.1.1.1');
      expect(clientOf('1', '::1', '2001:DB8::0:1')).toBe('2001:db8::1');
      expect(clientOf('1', peer, '[2001:db8::1]:5555')).toBe('2001:db8::1');
    });

    describe('without a socket (Fetch handler): the host that handed over the request is the nearest proxy', () => {
      it('counts the header alone, one hop naming its rightmost entry', () => {
        expect(clientOf('1', null, '1.1.1.1, 2.2.2.2, 3.3.3.3')).toBe('3.3.3.3');
        expect(clientOf('2', null, '1.1.1.1, 2.2.2.2, 3.3.3.3')).toBe('2.2.2.2');
        expect(clientOf('5', null, '1.1.1.1, 2.2.2.2, 3.3.3.3')).toBe('1.1.1.1');
      });

      it('is null without a header, with TRUST_PROXY=0, or when the rightmost entry is malformed', () => {
        expect(clientOf('1', null, undefined)).toBeNull();
        expect(clientOf('0', null, '1.1.1.1')).toBeNull();
        expect(clientOf('2', null, '1.1.1.1, unknown')).toBeNull();
      });
    });
  });

  describe('a list of trusted addresses and ranges', () => {
    const list = '10.0.0.0/8, 127.0.0.1, ::1, fd00::/8';

    it('walks from the right past trusted addresses to the first untrusted one', () => {
      expect(clientOf(list, peer, '1.1.1.1, 2.2.2.2, 10.1.2.3')).toBe('2.2.2.2');
      expect(clientOf(list, '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
      expect(clientOf(list, '::1', '2001:db8::7, fd12:3456::1')).toBe('2001:db8::7');
    });

    it('ignores X-Forwarded-For when the peer is not trusted', () => {
      expect(clientOf(list, '192.0.2.1', '1.1.1.1')).toBe('192.0.2.1');
      expect(clientOf(list, '2001:db8::9', '1.1.1.1')).toBe('2001:db8::9');
    });

    it('takes the leftmost when every address is trusted', () => {
      expect(clientOf(list, peer, '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
      expect(clientOf(list, peer, undefined)).toBe(peer);
    });

    it('matches IPv4-mapped IPv6 peers and entries against IPv4 ranges', () => {
      expect(clientOf(list, '::ffff:10.0.0.9', '1.1.1.1')).toBe('1.1.1.1');
      expect(clientOf(list, '::ffff:127.0.0.1', '1.1.1.1, ::ffff:10.9.9.9')).toBe('1.1.1.1');
      expect(clientOf('::ffff:127.0.0.1', '127.0.0.1', '1.1.1.1')).toBe('1.1.1.1');
    });

    it('stops at an entry that is not an IP address, on the last good one', () => {
      expect(clientOf(list, peer, '1.1.1.1, unknown, 10.0.0.2')).toBe('10.0.0.2');
      expect(clientOf(list, peer, '1.1.1.1, not-an-ip')).toBe(peer);
    });

    it('without a socket (Fetch handler), walks the header alone', () => {
      expect(clientOf(list, null, '1.1.1.1, 2.2.2.2, 10.1.2.3')).toBe('2.2.2.2');
      expect(clientOf(list, null, '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
      expect(clientOf(list, null, undefined)).toBeNull();
      expect(clientOf(list, null, '1.1.1.1, bogus')).toBeNull();
    });
  });
});
