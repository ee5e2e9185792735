import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Clock } from '../../ports/clock.js';
import type { Credentials } from '../../ports/credentials.js';
import type { AccessEvent } from '../../ports/event-bus.js';
import type { ApiKeyAuthentication, AuthenticateApiKeyError, Principal } from './authenticate-api-key.js';

export interface ApiKeyCacheLimits {
  /** How long an accepted key is believed without asking the store again. */
  readonly ttlMs: number;
  /** The most keys remembered; past it the least recently used is forgotten. */
  readonly maxEntries: number;
}

export const DEFAULT_API_KEY_CACHE: ApiKeyCacheLimits = { ttlMs: 30_000, maxEntries: 10_000 };

interface Entry {
  readonly principal: Principal;
  readonly expiresAt: number;
}

/**
 * Accepted API keys, by hash (never the clear key), for a short while: a request with a key
 * seen lately costs no round trip to the store. Refused keys are not remembered (each refusal
 * counts against the client's IP). Revoked keys and suspended projects are forgotten as soon
 * as the event bus announces them ({@link forget}); the lifetime bounds what a lost notice costs.
 */
export class CachedApiKeyAuthentication implements ApiKeyAuthentication {
  /** Insertion order is recency: a hit moves its entry to the end, eviction takes the first. */
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every access event: a lookup that began before one may have read what the event
   * has just changed, so its answer is returned but not remembered.
   */
  private generation = 0;

  constructor(
    private readonly deps: {
      readonly authenticate: ApiKeyAuthentication;
      readonly credentials: Credentials;
      readonly clock: Clock;
      readonly limits?: ApiKeyCacheLimits;
    },
  ) {}

  execute(clearKey: string): TE.TaskEither<AuthenticateApiKeyError, Principal> {
    const { authenticate, credentials, clock } = this.deps;
    return async () => {
      if (!clearKey) return authenticate.execute(clearKey)();
      const hash = credentials.hashApiKey(clearKey);
      const now = clock.now().getTime();
      const hit = this.entries.get(hash);
      if (hit) {
        this.entries.delete(hash);
        if (hit.expiresAt > now) {
          this.entries.set(hash, hit);
          return E.right(hit.principal);
        }
      }
      const generation = this.generation;
      const result = await authenticate.execute(clearKey)();
      if (E.isRight(result) && generation === this.generation) this.remember(hash, { principal: result.right, expiresAt: now + this.limits().ttlMs });
      return result;
    };
  }

  /** Drops what an access change names (everything, when notices may have been missed). */
  forget(event: AccessEvent): void {
    this.generation++;
    if (event.type === 'missed') {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) {
      const named = event.type === 'key-revoked' ? entry.principal.keyId === event.keyId : entry.principal.projectId === event.projectId;
      if (named) this.entries.delete(hash);
    }
  }

  private remember(hash: string, entry: Entry): void {
    this.entries.set(hash, entry);
    while (this.entries.size > this.limits().maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private limits(): ApiKeyCacheLimits {
    return this.deps.limits ?? DEFAULT_API_KEY_CACHE;
  }
}
