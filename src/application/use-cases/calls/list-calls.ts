import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Call } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CallListPage, CallListQuery } from '../../ports/call-repositories.js';
import type { Page } from '../../ports/pagination.js';
import type { Versioned } from '../../ports/read-version.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';

export interface CallPage extends Versioned {
  readonly page: Page<Call>;
  readonly recordingEnabled: boolean;
}

export type ListCallsError = NotFound;

const callPage = ({ recordingEnabled, version, ...page }: CallListPage): CallPage => ({ page, recordingEnabled, version });

/** GET /v1/calls and GET /v1/agents/{id}/calls (the agent must be the project's). */
export class ListCalls {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly projectId: string; readonly query: CallListQuery }): TE.TaskEither<ListCallsError, CallPage> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        const { agentId } = input.query;
        if (agentId === null) return E.right(callPage(await tx.calls.list(input.projectId, input.query)));
        // The agent is read with its page, in the same read: null when the project has no such agent.
        const listed = await tx.calls.listByAgent(input.projectId, { ...input.query, agentId });
        return listed ? E.right(callPage(listed)) : E.left(notFound('agent', agentId));
      });
  }
}
