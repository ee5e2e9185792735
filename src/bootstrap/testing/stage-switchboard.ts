import type { UseCases } from '../../application/use-cases/index.js';
import type { SwitchboardOptions } from '../composition/options.js';
import type { VoiceRuntime } from '../voice-runtime.js';

/** What a stage uses of the Switchboard it plays on (a `Switchboard`, named apart so the composition may make stages). */
export interface StageSwitchboard {
  fetch(request: Request): Promise<Response>;
  start(): Promise<void>;
  useCases(): UseCases;
  voice(): VoiceRuntime;
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** `createSwitchboard`, handed to what cannot import it without importing itself. */
export type SwitchboardMaker = (options: SwitchboardOptions) => StageSwitchboard;
