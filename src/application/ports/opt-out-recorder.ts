import type { SuppressionSource } from '../../domain/suppression.js';

/** A person on a live call asked not to be called again. */
export interface CallOptOut {
  readonly callId: string;
  /** A hosted agent's tool, or a webhook's answer. */
  readonly source: Extract<SuppressionSource, 'agent_tool' | 'webhook_answer'>;
  /** Why, as the agent gave it, else the caller's last words; null when there were none. */
  readonly reason: string | null;
}

/** Keeps a live call's opt-out: the voice session hands it over and goes on talking. */
export interface OptOutRecorder {
  /** Resolves once it is stored; a second opt-out of the same call changes nothing. */
  record(optOut: CallOptOut): Promise<void>;
}
