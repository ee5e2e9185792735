/** So many requests per window for each key (an API key, an e-mail address, a client IP). */
export interface RateRule {
  /** Names the rule in keys and messages, e.g. `api key`, `sign-ups per e-mail address`. */
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  /** When a refused caller may try again; 0 when allowed. */
  readonly retryAfterSeconds: number;
  readonly limit: number;
  readonly windowSeconds: number;
}

/**
 * Counts requests per key and rule in fixed windows. Throws {@link DependencyUnavailable}
 * when its store cannot be reached (an adapter that decides from local counts and shares them
 * in the background goes on deciding instead).
 */
export interface RateLimiter {
  consume(key: string, rule: RateRule): Promise<RateDecision>;
  /**
   * How the key's window stands, without counting: refused once its points are spent (a
   * client that only failures are counted against is turned away before it is heard again).
   */
  peek(key: string, rule: RateRule): Promise<RateDecision>;
}
