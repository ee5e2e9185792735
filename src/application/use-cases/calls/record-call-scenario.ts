import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isLive } from '../../../domain/call.js';
import { conflict, notFound, type Conflict, type NotFound } from '../../errors.js';
import type { CallQuery } from '../../queries/call-query.js';
import { scenarioFromCall } from '../../testing/scenario-from-call.js';
import type { Scenario } from '../../testing/scenario.js';

export type RecordCallScenarioError = NotFound | Conflict;

/** POST /v1/calls/{id}/scenario: an ended call as a regression scenario that replays its caller. */
export class RecordCallScenario {
  constructor(private readonly deps: { readonly call: CallQuery }) {}

  execute(input: { readonly projectId: string; readonly callId: string }): TE.TaskEither<RecordCallScenarioError, Scenario> {
    return async () => {
      const details = await this.deps.call.withDetails(input.projectId, input.callId);
      if (!details) return E.left(notFound('call', input.callId));
      const { call, transcript } = details;
      // A live call's outcome is not known yet: nothing to expect of a replay.
      if (isLive(call)) return E.left(conflict(`Call ${call.id} is still in progress: a scenario is recorded from an ended call`));
      const agentId = call.agentId;
      if (agentId === null) return E.left(conflict(`Call ${call.id}'s agent was deleted: a scenario needs the agent to replay against`));
      return E.right(scenarioFromCall({ ...call, agentId }, transcript));
    };
  }
}
