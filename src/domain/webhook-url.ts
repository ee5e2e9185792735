import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type DomainError } from './errors.js';

const ipv4 = (host: string): number[] | null => {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
};

/** Loopback, private (RFC 1918), carrier-grade NAT, link-local, "this network" and unspecified. */
const isInternalIpv4 = ([a, b]: number[]): boolean =>
  a === 0 ||
  a === 10 ||
  a === 127 ||
  (a === 100 && b! >= 64 && b! <= 127) ||
  (a === 169 && b === 254) ||
  (a === 172 && b! >= 16 && b! <= 31) ||
  (a === 192 && b === 168);

/** `host` as the URL parser gives it: IPv6 in brackets, already normalised (`[::1]`, `[::ffff:7f00:1]`). */
const isInternalIpv6 = (host: string): boolean => {
  const address = host.slice(1, -1).toLowerCase();
  if (address === '::' || address === '::1') return true;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    return isInternalIpv4([high >> 8, high & 0xff]);
  }
  // Unique local fc00::/7 and link-local fe80::/10.
  return /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address);
};

/** True when the host names this machine or a private, loopback or link-local network. */
export const isInternalHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) return isInternalIpv6(host);
  const v4 = ipv4(host);
  return v4 !== null && isInternalIpv4(v4);
};

/**
 * An http(s) URL a webhook may point at. With `allowInternal` false (production), hosts on
 * private, loopback and link-local addresses are refused, so the service cannot be made to
 * POST into its own network. Names are judged as written (no DNS lookup).
 */
export const webhookUrl = (raw: string, options: { readonly allowInternal: boolean }): E.Either<DomainError, string> => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return E.left(invalidField('url', 'must be an absolute http or https URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return E.left(invalidField('url', 'must be an http or https URL'));
  }
  if (url.username || url.password) return E.left(invalidField('url', 'must not carry credentials'));
  if (!options.allowInternal && isInternalHost(url.hostname)) {
    return E.left(invalidField('url', 'must not point at a private, loopback or link-local address'));
  }
  return E.right(raw.trim());
};
