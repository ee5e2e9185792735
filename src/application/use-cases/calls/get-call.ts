import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Call, TranscriptTurn } from '../../../domain/call.js';
import type { CallAnalysis } from '../../../domain/call-analysis.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CallQuery } from '../../queries/call-query.js';

export interface CallWithTranscript {
  readonly call: Call;
  readonly transcript: readonly TranscriptTurn[];
  /** The project's recording add-on is on now (recordingUrl is shown only then). */
  readonly recordingEnabled: boolean;
  /** The post-call analysis; null when the agent asked for none. */
  readonly analysis?: CallAnalysis | null;
}

export type GetCallError = NotFound;

/** One call with its transcript so far (GET /v1/calls/{id}, GET /v1/calls/{id}/transcript). */
export class GetCall {
  constructor(private readonly deps: { readonly call: CallQuery }) {}

  execute(input: { readonly projectId: string; readonly callId: string }): TE.TaskEither<GetCallError, CallWithTranscript> {
    return async () => {
      const details = await this.deps.call.withDetails(input.projectId, input.callId);
      return details ? E.right(details) : E.left(notFound('call', input.callId));
    };
  }
}
