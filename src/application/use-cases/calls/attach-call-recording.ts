import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { attachRecording, type Call } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type AttachCallRecordingError = NotFound;

/** The carrier reports a finished recording of a call. */
export class AttachCallRecording {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly callId: string | null; readonly providerCallId: string | null; readonly recordingUrl: string }): TE.TaskEither<AttachCallRecordingError, Call> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const call = input.callId
          ? await tx.calls.findByIdInAnyProject(input.callId)
          : input.providerCallId
            ? await tx.calls.findByProviderCallId(input.providerCallId)
            : null;
        if (!call) return E.left(notFound('call', input.callId ?? input.providerCallId ?? 'unknown'));
        const updated = attachRecording(call, input.recordingUrl);
        await tx.calls.save(updated);
        return E.right(updated);
      });
  }
}
