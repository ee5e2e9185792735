import * as E from 'fp-ts/lib/Either.js';
import ipaddr from 'ipaddr.js';

/**
 * `PRIVATE_NETWORK_TARGETS`, decoded: which addresses requests to customers' URLs may reach.
 * `allow`: any. `deny`: global unicast only, plus the CIDR ranges of `except`.
 */
export type PrivateNetworkTargets =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny'; readonly except: readonly string[] };

export const ALLOW_PRIVATE_NETWORKS: PrivateNetworkTargets = { kind: 'allow' };
export const DENY_PRIVATE_NETWORKS: PrivateNetworkTargets = { kind: 'deny', except: [] };

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

const FORMS = 'must be deny, allow or a comma-separated list of CIDR ranges to allow (such as 127.0.0.0/8, ::1/128)';

/** One entry of the list: a CIDR range, or a single address (a /32 or /128). Dotted-decimal IPv4 only. */
const rangeOf = (entry: string): Range | null => {
  const [address = '', prefix] = entry.split('/', 2);
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return null;
  if (prefix === undefined) {
    const parsed = ipaddr.parse(address);
    return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
  }
  return ipaddr.isValidCIDR(entry) ? ipaddr.parseCIDR(entry) : null;
};

/** Reads the setting's text; Left says what is wrong with it. */
export const parsePrivateNetworkTargets = (text: string): E.Either<string, PrivateNetworkTargets> => {
  const value = text.trim().toLowerCase();
  if (value === 'allow') return E.right(ALLOW_PRIVATE_NETWORKS);
  if (value === 'deny') return E.right(DENY_PRIVATE_NETWORKS);
  const entries = value.split(',').map((entry) => entry.trim());
  const except: string[] = [];
  for (const entry of entries) {
    const range = rangeOf(entry);
    if (range === null) return E.left(`${FORMS}; ${JSON.stringify(entry)} is not one`);
    except.push(`${range[0].toString()}/${range[1]}`);
  }
  return E.right({ kind: 'deny', except });
};

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 one stands for under a translation scheme whose gateway would carry
 * the request on to it: mapped and translated (::ffff:a.b.c.d, ::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Null for any other address.
 */
const embeddedIpv4 = (address: ipaddr.IPv6): ipaddr.IPv4 | null => {
  const range: string = address.range();
  const bytes = address.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(bytes.slice(12));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
};

/** ipaddr.js's range names, as a sentence would say them. */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a unique local address',
  deprecatedSiteLocal: 'a site-local address',
  teredo: 'a Teredo tunnel address',
  rfc6052: 'a local-use NAT64 address',
};

/** Everything not in global unicast space: ipaddr.js calls IPv6 outside 2000::/3 `unicast` too. */
const specialRangeOf = (address: Address): string | null => {
  const range: string = address.range();
  if (range !== 'unicast') return range;
  return address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6) ? 'reserved' : null;
};

const describeRange = (range: string): string => RANGE_NAMES[range] ?? `a special-purpose address (${range})`;

/**
 * Judges addresses by `targets`: null when one may be reached, else why not (such as
 * "127.0.0.1 is a loopback address"). IPv6 forms that carry an IPv4 address are judged by it.
 */
export const addressJudge = (targets: PrivateNetworkTargets): ((address: string) => string | null) => {
  if (targets.kind === 'allow') return () => null;
  const allowed = targets.except.map((cidr) => ipaddr.parseCIDR(cidr));
  const isAllowed = (address: Address) => allowed.some((range) => range[0].kind() === address.kind() && address.match(range));
  const judge = (address: Address): string | null => {
    if (isAllowed(address)) return null;
    const carried = address.kind() === 'ipv6' ? embeddedIpv4(address as ipaddr.IPv6) : null;
    if (carried) {
      const refusal = judge(carried);
      return refusal === null ? null : `${address.toString()} carries ${refusal}`;
    }
    const range = specialRangeOf(address);
    return range === null ? null : `${address.toString()} is ${describeRange(range)}`;
  };
  return (address) => {
    if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
    return judge(ipaddr.parse(address));
  };
};
