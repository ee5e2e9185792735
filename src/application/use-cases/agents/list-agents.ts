import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AgentPageQuery } from '../../queries/agent-page-query.js';
import { versionOf, type VersionedRead } from '../../queries/versioned-read.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { ReadVersion, Versioned } from '../../ports/read-version.js';
import type { AgentWithNumbers } from '../../ports/repositories.js';

type ListAgentsInput = { readonly projectId: string; readonly page: PageRequest };

/** The project's agents, oldest first, each with its live numbers, with the version they were read at. */
export class ListAgents implements VersionedRead<ListAgentsInput, never, Page<AgentWithNumbers> & Versioned> {
  constructor(private readonly deps: { readonly agents: AgentPageQuery }) {}

  execute(input: ListAgentsInput): TE.TaskEither<never, Page<AgentWithNumbers> & Versioned> {
    return async () => E.right(await this.deps.agents.page(input.projectId, input.page));
  }

  version(input: ListAgentsInput): TE.TaskEither<never, ReadVersion> {
    return versionOf(() => this.deps.agents.version(input.projectId, input.page));
  }
}
