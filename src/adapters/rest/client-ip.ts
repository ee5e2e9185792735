import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** One address (prefix 32 or 128) or CIDR range of `TRUST_PROXY`, already validated. */
export interface TrustedRange {
  readonly address: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
}

/**
 * `TRUST_PROXY`, decoded: how far to believe `X-Forwarded-For`. Null (unset): not at all.
 * - `hops`: that many proxies stand in front; the client is the address `hops` entries from
 *   the right end of the chain `X-Forwarded-For, socket peer` (0: the socket peer).
 * - `trusted`: the proxies' addresses; walking the chain from the right, the first address
 *   that is not trusted is the client.
 */
export type TrustProxy = { readonly hops: number } | { readonly trusted: readonly TrustedRange[] };

/** Decides, from the right end of the chain (the socket peer is depth 0), whether an address is a proxy to see past. */
export type ProxyTrust = (address: string, depth: number) => boolean;

const MAPPED_DOTTED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** IPv6 in its canonical form (lower case, `::` compressed); IPv4-mapped addresses as plain IPv4. */
const canonicalIpv6 = (address: string): string => {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase(); // a zone id (fe80::1%eth0): kept as given
  }
  const dotted = MAPPED_DOTTED.exec(canonical);
  if (dotted) return dotted[1]!;
  const hex = MAPPED_HEX.exec(canonical);
  if (!hex) return canonical;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
};

/**
 * An address as a rate-limit key: trimmed, without a port (`1.2.3.4:5678`, `[::1]:443`, as
 * some proxies write them), IPv6 canonical, IPv4-mapped IPv6 as IPv4. Null when it is not an
 * IP address (`unknown`, a host name, an empty entry).
 */
export const normalizeIp = (raw: string): string | null => {
  const text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return isIP(bracketed[1]!) === 6 ? canonicalIpv6(bracketed[1]!) : null;
  const address = /^[\d.]+:\d{1,5}$/.test(text) ? text.slice(0, text.lastIndexOf(':')) : text;
  const family = isIP(address);
  if (family === 4) return address;
  if (family === 6) return canonicalIpv6(address);
  return null;
};

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** `TRUST_PROXY` as a predicate over the chain; null: `X-Forwarded-For` is not read. */
export const proxyTrustOf = (trustProxy: TrustProxy | null | undefined): ProxyTrust | null => {
  if (!trustProxy) return null;
  if ('hops' in trustProxy) {
    const { hops } = trustProxy;
    return hops > 0 ? (_, depth) => depth < hops : null;
  }
  const list = new BlockList();
  for (const range of trustProxy.trusted) {
    const full = range.family === 'ipv4' ? 32 : 128;
    if (range.prefix === full) list.addAddress(range.address, range.family);
    else list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    try {
      return list.check(address, familyOf(address));
    } catch {
      return false;
    }
  };
};

/**
 * The client in the chain `X-Forwarded-For, peer`, walked from the right: each address the
 * trust sees past is a proxy, the first one it does not is the client; when every address is
 * trusted, the leftmost. An entry that is not an IP address stops the walk at the last good
 * address (the proxy that wrote it). Without a trust, the peer.
 *
 * `peer` null means there is no socket (a Fetch-style host): the host that handed over the
 * request is taken as the nearest proxy, trusted, so the chain is the header alone (one hop
 * names its rightmost entry). Null when no address qualifies: no socket and no header, or the
 * walk would end at the missing peer.
 */
export const clientIpFromChain = (
  trust: ProxyTrust | null,
  peer: string | null,
  forwardedFor: string | null | undefined,
): string | null => {
  const socket = peer === null ? null : normalizeIp(peer);
  if (peer !== null && socket === null) return null; // a socket without a usable address (closed)
  if (socket !== null && (trust === null || !trust(socket, 0))) return socket;
  if (trust === null) return null;
  const entries = forwardedFor ? forwardedFor.split(',').reverse() : [];
  let client = socket;
  for (const [index, entry] of entries.entries()) {
    const address = normalizeIp(entry);
    if (address === null) return client;
    client = address;
    if (!trust(address, index + 1)) return client;
  }
  return client;
};

/** The remote address of the request's Node socket ('' when it has none, closed); null without a socket (a Fetch-style host). */
const socketPeerOf = (c: Context): string | null => {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return null;
  }
};

/**
 * The client address the per-IP limits count, per `TRUST_PROXY` (see
 * {@link clientIpFromChain}). Unset: the TCP peer of the Node socket, `X-Forwarded-For` unread
 * (any client can send it; behind a proxy every client shares the proxy's address). Null when
 * there is no address to go by (a Fetch-style host without a trusted header): then no per-IP
 * limit applies (sign-up is still limited per address).
 */
export const clientIpResolver = (trustProxy?: TrustProxy | null): ((c: Context) => string | null) => {
  const trust = proxyTrustOf(trustProxy);
  return (c) => clientIpFromChain(trust, socketPeerOf(c), trust === null ? null : c.req.header('x-forwarded-for'));
};
