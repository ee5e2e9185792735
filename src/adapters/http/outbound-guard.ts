import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { TargetPolicy } from '../../application/ports/target-policy.js';
import { addressJudge, ALLOW_PRIVATE_NETWORKS, type PrivateNetworkTargets } from './private-network-targets.js';

/** Every address a host name has. */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true });

/**
 * A connection refused because of where it would go. Nothing was sent. Its message starts with
 * `blocked_address`, which is how a delivery log shows the failure.
 */
export class BlockedAddressError extends Error {
  readonly reason = 'blocked_address';

  constructor(detail: string) {
    super(`blocked_address: ${detail}`);
    this.name = 'BlockedAddressError';
  }
}

const isLocalhost = (name: string): boolean => name === 'localhost' || name.endsWith('.localhost');

const bareHost = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host.toLowerCase().replace(/\.$/, '');

/**
 * The one place that decides which addresses outbound requests to customers' URLs may reach,
 * under `PRIVATE_NETWORK_TARGETS`. The agents of {@link guardedAgents} consult it on every new
 * connection: the name is resolved here and each of its addresses judged, so what is checked
 * is what is connected to (a name cannot pass a check and then resolve elsewhere).
 */
export class OutboundGuard implements TargetPolicy {
  private readonly judge: (address: string) => string | null;

  /** `resolve`: the system resolver unless given (tests give a fixed table). */
  constructor(
    targets: PrivateNetworkTargets,
    private readonly resolve: Resolve = systemResolve,
  ) {
    this.judge = addressJudge(targets);
  }

  /** Lets every address through: for embedders' tests whose webhooks run on this machine. */
  static allowingAll(resolve?: Resolve): OutboundGuard {
    return new OutboundGuard(ALLOW_PRIVATE_NETWORKS, resolve);
  }

  refusalOf(host: string): string | null {
    const bare = bareHost(host);
    if (isLocalhost(bare)) {
      const refusal = this.judge('127.0.0.1') ?? this.judge('::1');
      return refusal === null ? null : `${bare} names this machine (${refusal})`;
    }
    return isIP(bare) ? this.judge(bare) : null;
  }

  /** For a connection to `host` as given: an IP address is connected to without a lookup, so it is judged here. */
  refusalOfConnection(host: string): BlockedAddressError | null {
    if (isIP(host) === 0) return null;
    const refusal = this.judge(host);
    return refusal === null ? null : new BlockedAddressError(refusal);
  }

  /**
   * For `net.connect`: resolves the name, refuses it when any of its addresses is refused
   * (so the outcome never depends on which address a connection tries first), else answers
   * in the shape asked for (one address, or all of them for Happy Eyeballs).
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    this.resolve(hostname).then(
      (addresses) => {
        for (const { address } of addresses) {
          const refusal = this.judge(address);
          if (refusal !== null) return callback(new BlockedAddressError(`${hostname} resolves to a refused address: ${refusal}`), '');
        }
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
        const [first] = usable;
        if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND', hostname }), '');
        return options.all ? callback(null, usable) : callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
