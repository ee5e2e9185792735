import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import type { Versioned } from '../../ports/read-version.js';
import type { AgentWithNumbers } from '../../ports/repositories.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

export class ListAgents {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<AgentWithNumbers> & Versioned> {
    return () => readOnly(this.deps.uow, async (tx) => E.right(await tx.agents.listWithNumbers(input.projectId, input.page)));
  }
}
