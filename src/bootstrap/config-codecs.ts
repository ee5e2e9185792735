import { isIP } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { parsePrivateNetworkTargets, type PrivateNetworkTargets } from '../adapters/http/private-network-targets.js';
import { normalizeIp, type TrustedRange, type TrustProxy } from '../adapters/rest/client-ip.js';
import { cents, type Cents } from '../domain/money.js';

/** A whole number given as text, within bounds. */
export const IntegerFromEnv = (min: number, max: number) =>
  new t.Type<number, string, unknown>(
    `integer ${min}..${max}`,
    (u): u is number => typeof u === 'number',
    (u, c) =>
      typeof u === 'string' && /^-?\d+$/.test(u.trim()) && Number(u) >= min && Number(u) <= max
        ? t.success(Number(u))
        : t.failure(u, c, `must be a whole number from ${min} to ${max}`),
    String,
  );

/** US dollars as text ("10.00", "3", "0.5") → integer cents. */
export const UsdFromEnv = new t.Type<Cents, string, unknown>(
  'USD amount',
  (u): u is Cents => typeof u === 'number',
  (u, c) =>
    typeof u === 'string' && /^\d+(\.\d{1,2})?$/.test(u.trim())
      ? t.success(cents(Math.round(Number(u) * 100)))
      : t.failure(u, c, 'must be an amount in USD such as 10.00'),
  (v) => (v / 100).toFixed(2),
);

const BYTE_UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A size in bytes: "1048576", "512kb", "1mb", "1.5MB" (units are powers of 1024). */
export const BytesFromEnv = new t.Type<number, string, unknown>(
  'size in bytes',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    const match = typeof u === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(u) : null;
    const bytes = match ? Math.floor(Number(match[1]) * BYTE_UNITS[(match[2] ?? 'b').toLowerCase()]!) : 0;
    return bytes >= 1 && Number.isSafeInteger(bytes) ? t.success(bytes) : t.failure(u, c, 'must be a size such as 1mb, 512kb or 1048576 (bytes)');
  },
  String,
);

/** {@link BytesFromEnv}, or `0` for none at all. */
export const BytesOrNoneFromEnv = new t.Type<number, string, unknown>(
  'size in bytes, or 0',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    if (typeof u === 'string' && /^\s*0+(\.0*)?\s*(b|kb|mb|gb)?\s*$/i.test(u)) return t.success(0);
    const bytes = BytesFromEnv.validate(u, c);
    return E.isRight(bytes) ? bytes : t.failure(u, c, 'must be a size such as 32mb, 512kb or 1048576 (bytes), or 0 for none');
  },
  String,
);

export interface RateSpec {
  readonly points: number;
  readonly durationSeconds: number;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "100/10s", "5/1h", "20/h" → points per window. */
export const RateFromEnv = new t.Type<RateSpec, string, unknown>(
  'rate',
  (u): u is RateSpec => typeof u === 'object' && u !== null && 'points' in u,
  (u, c) => {
    const match = typeof u === 'string' ? /^\s*(\d+)\s*\/\s*(\d*)\s*([smhd])\s*$/.exec(u) : null;
    if (!match || Number(match[1]) < 1) return t.failure(u, c, 'must look like 100/10s (requests per window; s, m, h or d)');
    const amount = match[2] === '' ? 1 : Number(match[2]);
    if (amount < 1) return t.failure(u, c, 'the window must be at least 1');
    return t.success({ points: Number(match[1]), durationSeconds: amount * UNIT_SECONDS[match[3]!]! });
  },
  (v) => `${v.points}/${v.durationSeconds}s`,
);

/** "0,300,1800" → seconds before each attempt; the first is usually 0. Fractions ("0,0.05") are for tests. */
export const DelaysFromEnv = new t.Type<readonly number[], string, unknown>(
  'delays',
  (u): u is number[] => Array.isArray(u),
  (u, c) => {
    const parts = typeof u === 'string' ? u.split(',').map((p) => p.trim()) : [];
    return parts.length > 0 && parts.every((p) => /^\d+(\.\d+)?$/.test(p))
      ? t.success(parts.map(Number))
      : t.failure(u, c, 'must be a comma-separated list of seconds such as 0,300,1800');
  },
  (v) => v.join(','),
);

export const UrlFromEnv = (protocols: readonly string[]) =>
  new t.Type<string, string, unknown>(
    'url',
    (u): u is string => typeof u === 'string',
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'must be a URL');
      try {
        const url = new URL(u);
        return protocols.includes(url.protocol) ? t.success(u.replace(/\/+$/, '')) : t.failure(u, c, `must be a ${protocols.join(' or ')} URL`);
      } catch {
        return t.failure(u, c, 'must be a URL');
      }
    },
    String,
  );

const TRUST_PROXY_FORMS = 'must be a number of proxy hops (such as 1) or a comma-separated list of proxy addresses and CIDR ranges (such as 10.0.0.0/8, ::1)';

/** One entry of a `TRUST_PROXY` list: an IPv4 or IPv6 address, optionally with a /prefix length. */
const trustedRangeOf = (entry: string): E.Either<string, TrustedRange> => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return E.left(`${JSON.stringify(entry)} is not an IP address or CIDR range`);
  if (prefix === undefined) {
    // One address; an IPv4-mapped IPv6 one (::ffff:10.0.0.1) as the IPv4 address clients are compared as.
    const single = normalizeIp(address)!;
    return E.right(isIP(single) === 4 ? { address: single, prefix: 32, family: 'ipv4' } : { address: single, prefix: 128, family: 'ipv6' });
  }
  const full = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > full) {
    return E.left(`${JSON.stringify(entry)}: the prefix length must be 0 to ${full} for IPv${family}`);
  }
  return E.right({ address, prefix: Number(prefix), family: family === 4 ? 'ipv4' : 'ipv6' });
};

/**
 * `TRUST_PROXY`: "1" (proxy hops in front of the server) or "10.0.0.0/8, 127.0.0.1, ::1,
 * fd00::/8" (the proxies' addresses and ranges). Every entry must be valid.
 */
export const TrustProxyFromEnv = new t.Type<TrustProxy, string, unknown>(
  'trust proxy',
  (u): u is TrustProxy => typeof u === 'object' && u !== null && ('hops' in u || 'trusted' in u),
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c, TRUST_PROXY_FORMS);
    const value = u.trim();
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return Number.isSafeInteger(hops) ? t.success({ hops }) : t.failure(u, c, 'the number of proxy hops is too large');
    }
    if (/^-\d+$/.test(value)) return t.failure(u, c, `${TRUST_PROXY_FORMS}; a hop count cannot be negative`);
    const entries = value.split(',').map((entry) => entry.trim());
    const trusted: TrustedRange[] = [];
    for (const entry of entries) {
      const range = trustedRangeOf(entry);
      if (E.isLeft(range)) return t.failure(u, c, `${TRUST_PROXY_FORMS}; ${range.left}`);
      trusted.push(range.right);
    }
    return t.success({ trusted });
  },
  (v) => ('hops' in v ? String(v.hops) : v.trusted.map((r) => `${r.address}/${r.prefix}`).join(',')),
);

const ORIGIN_FORMS = 'must be * or a comma-separated list of origins such as https://app.example.com, http://localhost:5173';

/** One origin as browsers send it: scheme, host and any port, nothing after (`https://app.example.com`). */
const originOf = (entry: string): string | null => {
  try {
    const url = new URL(entry);
    return ['http:', 'https:'].includes(url.protocol) && `${url.origin}` === entry.replace(/\/$/, '').toLowerCase() ? url.origin : null;
  } catch {
    return null;
  }
};

/** `CORS_ORIGINS`: "*" or "https://app.example.com, http://localhost:5173", each an exact origin. */
export const OriginsFromEnv = new t.Type<readonly string[], string, unknown>(
  'origins',
  (u): u is readonly string[] => Array.isArray(u),
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c, ORIGIN_FORMS);
    const entries = u.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (entries.length === 1 && entries[0] === '*') return t.success(['*']);
    const origins: string[] = [];
    for (const entry of entries) {
      const origin = originOf(entry);
      if (origin === null) return t.failure(u, c, `${ORIGIN_FORMS}; ${JSON.stringify(entry)} is not an origin`);
      origins.push(origin);
    }
    return t.success(origins);
  },
  (v) => v.join(','),
);

/** `PRIVATE_NETWORK_TARGETS`: "deny", "allow" or "127.0.0.0/8, fd00::/8" (ranges allowed; the rest denied). */
export const PrivateNetworkTargetsFromEnv = new t.Type<PrivateNetworkTargets, string, unknown>(
  'private network targets',
  (u): u is PrivateNetworkTargets => typeof u === 'object' && u !== null && 'kind' in u,
  (u, c) => {
    const parsed = typeof u === 'string' ? parsePrivateNetworkTargets(u) : parsePrivateNetworkTargets('');
    return E.isRight(parsed) ? t.success(parsed.right) : t.failure(u, c, parsed.left);
  },
  (v) => (v.kind === 'allow' ? 'allow' : v.except.length === 0 ? 'deny' : v.except.join(',')),
);

export const OneOf = <V extends string>(values: readonly V[]) =>
  new t.Type<V, string, unknown>(
    values.join('|'),
    (u): u is V => typeof u === 'string' && (values as readonly string[]).includes(u),
    (u, c) =>
      typeof u === 'string' && (values as readonly string[]).includes(u)
        ? t.success(u as V)
        : t.failure(u, c, `must be one of ${values.join(', ')}`),
    String,
  );

/** Decodes an optional variable: absent or empty → the default. */
export const optional = <A, F = A>(
  codec: t.Decoder<unknown, A>,
  raw: string | undefined,
  fallback: F,
  name: string,
  problems: string[],
): A | F => {
  if (raw === undefined || raw.trim() === '') return fallback;
  const decoded = codec.decode(raw);
  if (E.isRight(decoded)) return decoded.right;
  const message = decoded.left[0]?.message ?? 'is not valid';
  problems.push(`${name}=${JSON.stringify(raw)}: ${message}`);
  return fallback;
};
