import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AppError } from '../../errors.js';
import type { Voice, VoiceCatalog } from '../../ports/voice-catalog.js';

export class ListVoices {
  constructor(private readonly deps: { readonly voices: VoiceCatalog }) {}

  execute(): TE.TaskEither<AppError, readonly Voice[]> {
    return TE.fromTask(() => this.deps.voices.listVoices());
  }
}
