import { isIP } from 'node:net';
import type { Resolve } from '../../src/adapters/http/outbound-guard.js';

/**
 * A resolver answering from a fixed table, as an /etc/hosts entry would (name → addresses), and
 * ENOTFOUND for any other name: tests never depend on the machine's own resolver.
 */
export const hostsTable =
  (table: Readonly<Record<string, string | readonly string[]>>): Resolve =>
  async (hostname) => {
    const entry = table[hostname.toLowerCase()];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    const addresses = typeof entry === 'string' ? [entry] : entry;
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
