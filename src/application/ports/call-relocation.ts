import type * as E from 'fp-ts/lib/Either.js';
import type { Call } from '../../domain/call.js';
import type { ProviderFailure } from './provider-failure.js';

/**
 * Moving a live call's media session off this node: the carrier connects the call to a new
 * session at the public URL (whichever node is up behind it), which continues the same call.
 */
export interface CallRelocation {
  /** The carrier opens the call's next session as hand-over `attempt`; nothing is said to the caller. */
  relocate(call: Call, attempt: number): Promise<E.Either<ProviderFailure, void>>;
}

/** The other nodes serving the same public URL. */
export interface PeerNodes {
  /** Whether a node other than this one takes calls behind the public URL right now. */
  anyUp(): Promise<boolean>;
}
