import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound, type ProviderError } from '../../errors.js';
import type { RecordingAudio, Telephony } from '../../ports/telephony.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export type GetCallRecordingError = NotFound | ProviderError;

/**
 * GET /v1/calls/{id}/recording: the audio of one of the project's calls, fetched from the
 * carrier. Not found when the call is not the project's, has no recording, or the carrier
 * no longer has it.
 */
export class GetCallRecording {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly telephony: Telephony }) {}

  execute(input: { readonly projectId: string; readonly callId: string }): TE.TaskEither<GetCallRecordingError, RecordingAudio> {
    return async () => {
      const found = await this.deps.uow.transaction(async (tx) => {
        const call = await tx.calls.findById(input.projectId, input.callId);
        if (!call) return E.left(notFound('call', input.callId));
        if (!call.recordingAvailable || !call.recordingUrl) return E.left(notFound('recording', input.callId));
        return E.right(call.recordingUrl);
      });
      if (E.isLeft(found)) return found;
      // The carrier is asked outside the transaction: no store connection is held while audio is on its way.
      const audio = await this.deps.telephony.fetchRecording(found.right);
      if (E.isLeft(audio)) return audio;
      return audio.right ? E.right(audio.right) : E.left(notFound('recording', input.callId));
    };
  }
}
