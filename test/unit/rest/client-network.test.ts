import { describe, expect, it } from 'vitest';
import { clientNetworkOf } from '../../../src/adapters/rest/client-network.js';

describe(clientNetworkOf.name, () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
  ])('counts %s as %s', (address, network) => {
    expect(clientNetworkOf(address)).toBe(network);
  });
});
