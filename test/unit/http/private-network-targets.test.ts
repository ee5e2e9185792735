import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import {
  addressJudge,
  ALLOW_PRIVATE_NETWORKS,
  DENY_PRIVATE_NETWORKS,
  parsePrivateNetworkTargets,
} from '../../../src/adapters/http/private-network-targets.js';

const deny = addressJudge(DENY_PRIVATE_NETWORKS);

describe(addressJudge.name, () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::7f00:1', 'carries 127.0.0.1'],
    ['64:ff9b::a00:1', 'carries 10.0.0.1'],
    ['64:ff9b:1::808:808', 'NAT64'],
    ['::7f00:1', 'reserved'],
    ['::ffff:0:7f00:1', 'carries 127.0.0.1'],
    ['::ffff:127.0.0.1', 'carries 127.0.0.1'],
    ['::ffff:a9fe:a9fe', 'carries 169.254.169.254'],
    ['2002:7f00:1::', 'carries 127.0.0.1'],
    ['2002:c0a8:101::1', 'carries 192.168.1.1'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'discard'],
    ['4000::1', 'reserved'],
  ])('refuses %s (%s)', (address, why) => {
    expect(deny(address)).toContain(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700::1', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'lets the global unicast address %s through',
    (address) => {
      expect(deny(address)).toBeNull();
    },
  );

  it('lets everything through when private networks are allowed', () => {
    const allow = addressJudge(ALLOW_PRIVATE_NETWORKS);

    expect(['127.0.0.1', '10.0.0.1', '::1', 'fd00::1', '8.8.8.8'].map(allow)).toEqual([null, null, null, null, null]);
  });

  it('lets the ranges of an allow list through and refuses the rest', () => {
    const loaded = parsePrivateNetworkTargets('127.0.0.0/8, fd00::/8, 192.168.1.7');
    if (E.isLeft(loaded)) throw new Error(loaded.left);
    const sut = addressJudge(loaded.right);

    expect(['127.0.0.1', '127.9.9.9', '::ffff:127.0.0.1', 'fd00::5', '192.168.1.7', '8.8.8.8'].map(sut)).toEqual([null, null, null, null, null, null]);
    expect(sut('10.0.0.1')).toContain('private');
    expect(sut('192.168.1.8')).toContain('private');
    expect(sut('::1')).toContain('loopback');
  });
});

describe(parsePrivateNetworkTargets.name, () => {
  it('reads deny, allow and lists of ranges and addresses', () => {
    expect(parsePrivateNetworkTargets(' Deny ')).toEqual(E.right(DENY_PRIVATE_NETWORKS));
    expect(parsePrivateNetworkTargets('allow')).toEqual(E.right(ALLOW_PRIVATE_NETWORKS));
    expect(parsePrivateNetworkTargets('127.0.0.0/8,::1, 10.1.0.0/16')).toEqual(
      E.right({ kind: 'deny', except: ['127.0.0.0/8', '::1/128', '10.1.0.0/16'] }),
    );
  });

  it.each(['yes', '127.0.0.0/33', '::1/129', '0x7f000001', '10.0.0.0/8,', 'allow,10.0.0.0/8', '10.0.0.0/8/8'])('refuses %j', (text) => {
    expect(E.isLeft(parsePrivateNetworkTargets(text))).toBe(true);
  });
});
