import type * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../../src/adapters/memory/in-memory-unit-of-work.js';
import type { Repositories } from '../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';

type Work<L, A> = (repos: Repositories) => Promise<E.Either<L, A>>;

/**
 * An in-memory store that counts its units of work by kind, and hands each the repositories as
 * `around` makes them (to note or change what a repository is asked). `store` is the store itself,
 * for arranging and reading state beside what is counted.
 */
export class InstrumentedStore implements UnitOfWork {
  readonly store = new InMemoryUnitOfWork();
  readonly counts = { transaction: 0, read: 0, singleStatement: 0 };

  constructor(private readonly around: (repos: Repositories) => Repositories = (repos) => repos) {}

  transaction<L, A>(work: Work<L, A>): Promise<E.Either<L, A>> {
    this.counts.transaction++;
    return this.store.transaction((tx) => work(this.around(tx)));
  }

  read<L, A>(work: Work<L, A>): Promise<E.Either<L, A>> {
    this.counts.read++;
    return this.store.read((repos) => work(this.around(repos)));
  }

  singleStatement<L, A>(work: Work<L, A>): Promise<E.Either<L, A>> {
    this.counts.singleStatement++;
    return this.store.singleStatement((repos) => work(this.around(repos)));
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}

/**
 * Repositories that count how often a call's turns and an agent are read: `asked` holds the
 * counts, `around` goes to an {@link InstrumentedStore}.
 */
export const countingCallReads = () => {
  const asked = { turns: 0, agent: 0 };
  const around = (repos: Repositories): Repositories => ({
    ...repos,
    transcripts: {
      ...repos.transcripts,
      listByCall: (callId, after) => {
        asked.turns++;
        return repos.transcripts.listByCall(callId, after);
      },
    },
    agents: {
      ...repos.agents,
      findById: (projectId, agentId) => {
        asked.agent++;
        return repos.agents.findById(projectId, agentId);
      },
    },
  });
  return { asked, around };
};
