/**
 * Which hosts a customer's URL may name: the service must not be made to send requests into
 * its own network (webhooks, voice turns, test sends, custom HTTP tools). Use cases ask it when
 * a URL is saved; the outbound HTTP client applies the same policy, when it connects, to every
 * address a name resolves to.
 */
export interface TargetPolicy {
  /**
   * Why `host` (as a URL's `hostname` gives it: IPv6 in brackets) may not be a target, such as
   * "127.0.0.1 is a loopback address"; null when it may. Names are not resolved here, but for
   * `localhost` and its subdomains, which always name this machine.
   */
  refusalOf(host: string): string | null;
}
