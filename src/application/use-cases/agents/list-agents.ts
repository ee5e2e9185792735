import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Page, PageRequest } from '../../ports/pagination.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';
import { withNumbers, type AgentWithNumbers } from './agent-with-numbers.js';

export class ListAgents {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly page: PageRequest }): TE.TaskEither<never, Page<AgentWithNumbers>> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        const page = await tx.agents.list(input.projectId, input.page);
        return E.right({ items: await withNumbers(tx, page.items), total: page.total });
      });
  }
}
