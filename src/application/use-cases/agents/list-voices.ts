import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Voice, VoiceCatalog } from '../../ports/voice-catalog.js';

export class ListVoices {
  constructor(private readonly deps: { readonly voices: VoiceCatalog }) {}

  execute(): TE.TaskEither<never, readonly Voice[]> {
    return TE.fromTask(() => this.deps.voices.listVoices());
  }
}
