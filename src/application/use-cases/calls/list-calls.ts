import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Call } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CallListPage, CallPageQuery } from '../../queries/call-page-query.js';
import { versionOf, type VersionedRead } from '../../queries/versioned-read.js';
import type { CallListQuery } from '../../ports/call-repositories.js';
import type { Page } from '../../ports/pagination.js';
import type { ReadVersion, Versioned } from '../../ports/read-version.js';

export interface CallPage extends Versioned {
  readonly page: Page<Call>;
  readonly recordingEnabled: boolean;
}

export type ListCallsError = NotFound;

type ListCallsInput = { readonly projectId: string; readonly query: CallListQuery };

const callPage = ({ recordingEnabled, version, ...page }: CallListPage): CallPage => ({ page, recordingEnabled, version });

/** GET /v1/calls and GET /v1/agents/{id}/calls (the agent must be the project's). */
export class ListCalls implements VersionedRead<ListCallsInput, ListCallsError, CallPage> {
  constructor(private readonly deps: { readonly calls: CallPageQuery }) {}

  execute(input: ListCallsInput): TE.TaskEither<ListCallsError, CallPage> {
    return async () => {
      const { agentId } = input.query;
      if (agentId === null) return E.right(callPage(await this.deps.calls.page(input.projectId, input.query)));
      // The agent is read with its page, in the same read: null when the project has no such agent.
      const listed = await this.deps.calls.agentPage(input.projectId, { ...input.query, agentId });
      return listed ? E.right(callPage(listed)) : E.left(notFound('agent', agentId));
    };
  }

  version(input: ListCallsInput): TE.TaskEither<never, ReadVersion> {
    return versionOf(() => this.deps.calls.version(input.projectId, input.query));
  }
}
