import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import { BoundedMemo } from './bounded-memo.js';
import { clientIpFromChain, clientIpResolver, proxyTrustOf, type TrustProxy } from './client-ip.js';

/**
 * A client address as the key of a per-IP limit. IPv4 addresses count one by one; IPv6 ones by
 * their /64, as one subscriber routinely holds a whole /64 and could take a fresh address from
 * it for every request. IPv4-mapped IPv6 counts as the IPv4 address. Anything else is kept as is.
 */
export const clientNetworkOf = (address: string): string => recent.get(address) ?? recent.keep(address, networkOf(address));

/** Addresses seen lately and their networks: every request asks, from a handful of clients. */
const recent = new BoundedMemo<string>(4096);

const networkOf = (address: string): string => {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toNormalizedString()}/64`).toString()}/64`;
};

/**
 * The client a per-IP limit counts, per `TRUST_PROXY` (see {@link clientIpResolver}), as its
 * {@link clientNetworkOf}; null when there is no address to go by (a Fetch-style host without
 * a trusted header): then the per-IP limits do not apply.
 */
export const clientNetworkResolver = (trustProxy?: TrustProxy | null): ((c: Context) => string | null) => {
  const clientIpOf = clientIpResolver(trustProxy);
  return (c) => {
    const ip = clientIpOf(c);
    return ip === null ? null : clientNetworkOf(ip);
  };
};

/** {@link clientNetworkResolver} for a Node request outside Hono (a WebSocket upgrade). */
export const nodeClientNetworkResolver = (trustProxy?: TrustProxy | null): ((request: IncomingMessage) => string | null) => {
  const trust = proxyTrustOf(trustProxy);
  return (request) => {
    const forwarded = request.headers['x-forwarded-for'];
    const ip = clientIpFromChain(trust, request.socket.remoteAddress ?? '', trust === null ? null : Array.isArray(forwarded) ? forwarded.join(',') : forwarded);
    return ip === null ? null : clientNetworkOf(ip);
  };
};
