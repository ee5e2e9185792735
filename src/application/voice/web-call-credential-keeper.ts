import * as E from 'fp-ts/lib/Either.js';
import type { ProviderError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebCallCredentials, WebCallSetup } from '../ports/web-call-credentials.js';

/**
 * The carrier's web-call credentials: made at the carrier on first need, kept in storage, read
 * from there by every node and remembered by this one. They are made under the account's lock,
 * so concurrent first requests on several nodes make one set: the others wait, then read it.
 * A stored set that no longer serves (made for another voice URL, or sealed with account
 * credentials that have changed since) is replaced, and removed at the carrier.
 */
export class WebCallCredentialKeeper {
  private known: WebCallCredentials | null = null;
  private lookingUp: Promise<E.Either<ProviderError, WebCallCredentials>> | null = null;

  constructor(
    private readonly deps: {
      readonly uow: UnitOfWork;
      readonly clock: Clock;
      /** null: the carrier needs no credentials of this kind. */
      readonly setup: WebCallSetup | null;
      /** Where the carrier's application must send browser calls. */
      readonly voiceUrl: string;
    },
  ) {}

  /** The credentials to sign web-call tokens with; null when the carrier needs none. */
  async credentials(): Promise<E.Either<ProviderError, WebCallCredentials | null>> {
    const { setup } = this.deps;
    if (!setup) return E.right(null);
    if (this.known) return E.right(this.known);
    // One look-up at a time in this process; nodes take turns on the account's lock.
    this.lookingUp ??= this.lookUp(setup).finally(() => {
      this.lookingUp = null;
    });
    const found = await this.lookingUp;
    if (E.isRight(found)) this.known = found.right;
    return found;
  }

  private serves(setup: WebCallSetup, credentials: WebCallCredentials): boolean {
    return credentials.voiceUrl === this.deps.voiceUrl && setup.opens(credentials);
  }

  private async lookUp(setup: WebCallSetup): Promise<E.Either<ProviderError, WebCallCredentials>> {
    const stored = await this.deps.uow.transaction(async (tx) => E.right(await tx.webCallCredentials.find(setup.account)));
    if (E.isRight(stored) && stored.right && this.serves(setup, stored.right)) return E.right(stored.right);
    return this.make(setup);
  }

  /**
   * Under the account's lock, a set another node stored meanwhile is taken; otherwise a new
   * one is made at the carrier and stored by the same unit of work, whose lock is held over
   * the carrier's calls (once per account, so the wait is rare). A carrier failure stores
   * nothing; should storing fail, the new set is removed at the carrier again.
   */
  private async make(setup: WebCallSetup): Promise<E.Either<ProviderError, WebCallCredentials>> {
    const outcome: { made: WebCallCredentials | null; replaced: WebCallCredentials | null } = { made: null, replaced: null };
    let result: E.Either<ProviderError, WebCallCredentials>;
    try {
      result = await this.deps.uow.transaction(async (tx): Promise<E.Either<ProviderError, WebCallCredentials>> => {
        await tx.webCallCredentials.lock(setup.account);
        const stored = await tx.webCallCredentials.find(setup.account);
        if (stored && this.serves(setup, stored)) return E.right(stored);
        const created = await setup.create({ voiceUrl: this.deps.voiceUrl, now: this.deps.clock.now() });
        if (E.isLeft(created)) return created;
        outcome.made = created.right;
        outcome.replaced = stored;
        await tx.webCallCredentials.save(created.right);
        return created;
      });
    } catch (error) {
      if (outcome.made) await setup.discard(outcome.made);
      throw error;
    }
    if (outcome.replaced) await setup.discard(outcome.replaced);
    return result;
  }
}
