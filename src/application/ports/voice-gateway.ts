import type { DisconnectionReason } from '../../domain/call.js';

/** Why our side hangs up, and the last words to say before the line drops (the carrier says them). */
export interface Farewell {
  readonly reason: DisconnectionReason;
  readonly say: string | null;
}

/** A warm transfer's briefing and patience. */
export interface WarmTransfer {
  readonly summary: string;
  readonly timeoutSeconds: number;
}

/**
 * One live call as the agent acts on it: what the carrier (ConversationRelay, the simulated
 * carrier, a browser) is told to do. Caller events flow the other way, into the session.
 * Every method returns at once; the carrier does the work.
 */
export interface VoiceGateway {
  /** Speaks a chunk of text; `last` closes the agent's talk cycle. */
  speak(text: string, last: boolean): void;
  /** Presses keypad digits (`0-9`, `*`, `#`) on the line. */
  pressDigits(digits: string): void;
  /** Speaks and listens in this language (BCP-47) from now on; a carrier that cannot switch leaves it out. */
  switchLanguage?(language: string): void;
  /** Speaks in this voice and language from now on (another agent took the call); a carrier that cannot leaves it out. */
  switchVoice?(voice: string, language: string): void;
  /**
   * Ends the agent's session and hands the caller to this number: cold, or, with `warm`, the
   * caller holds while the human is dialled and hears the summary; if nobody takes the call
   * within the timeout the caller comes back to the agent (a new session).
   */
  transfer(to: string, warm?: WarmTransfer): void;
  /** Ends the agent's session and the call; with a farewell, says it first and records its reason. */
  hangUp(farewell?: Farewell): void;
  /** The call is over for another reason (the caller left, a carrier report): let go of the line. */
  disconnect(): void;
}
