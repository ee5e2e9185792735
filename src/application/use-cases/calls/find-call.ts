import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import { readOnly, type UnitOfWork } from '../../ports/unit-of-work.js';
import type { CallWithTranscript } from './get-call.js';

export type FindCallError = NotFound;

/** One call by its id alone, whatever its project, with its transcript so far. */
export class FindCall {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly callId: string }): TE.TaskEither<FindCallError, CallWithTranscript> {
    return () =>
      readOnly(this.deps.uow, async (tx) => {
        const call = await tx.calls.findByIdInAnyProject(input.callId);
        if (!call) return E.left(notFound('call', input.callId));
        const project = await tx.projects.findById(call.projectId);
        return E.right({ call, transcript: await tx.transcripts.listByCall(call.id), recordingEnabled: project?.recordingEnabled ?? false });
      });
  }
}
