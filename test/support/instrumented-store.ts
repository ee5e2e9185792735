import type * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../../src/adapters/memory/in-memory-unit-of-work.js';
import type { Repositories } from '../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';

type Work<L, A> = (repos: Repositories) => Promise<E.Either<L, A>>;

/**
 * An in-memory store that counts its units of work, and hands each the repositories as
 * `around` makes them (to note or change what a repository is asked). `store` is the store itself,
 * for arranging and reading state beside what is counted.
 */
export class InstrumentedStore implements UnitOfWork {
  readonly store = new InMemoryUnitOfWork();
  readonly counts = { transaction: 0 };

  constructor(private readonly around: (repos: Repositories) => Repositories = (repos) => repos) {}

  transaction<L, A>(work: Work<L, A>): Promise<E.Either<L, A>> {
    this.counts.transaction++;
    return this.store.transaction((tx) => work(this.around(tx)));
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}

/**
 * Repositories that count how often what a live call runs on is read: the call itself (by our id
 * or the carrier's), its turns, an agent, and a webhook endpoint. `asked` holds the counts (`reset`
 * zeroes them), `around` goes to an {@link InstrumentedStore}.
 */
export const countingCallReads = () => {
  const asked = { call: 0, turns: 0, agent: 0, webhook: 0 };
  const counted = <F extends (...args: never[]) => unknown>(kind: keyof typeof asked, read: F): F =>
    ((...args: Parameters<F>) => {
      asked[kind]++;
      return read(...args);
    }) as F;
  const around = (repos: Repositories): Repositories => ({
    ...repos,
    calls: {
      ...repos.calls,
      findByIdInAnyProject: counted('call', repos.calls.findByIdInAnyProject),
      findByProviderCallId: counted('call', repos.calls.findByProviderCallId),
    },
    transcripts: { ...repos.transcripts, listByCall: counted('turns', repos.transcripts.listByCall) },
    agents: { ...repos.agents, findById: counted('agent', repos.agents.findById) },
    webhooks: { ...repos.webhooks, findEndpoints: counted('webhook', repos.webhooks.findEndpoints) },
  });
  const reset = () => {
    for (const kind of Object.keys(asked) as (keyof typeof asked)[]) asked[kind] = 0;
  };
  return { asked, around, reset };
};
