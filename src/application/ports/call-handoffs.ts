import type * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import type { Webhook } from '../../domain/webhook.js';

/** A live call's agent asks to pass it to another agent. */
export interface HandoffRequest {
  readonly callId: string;
  readonly toAgentId: string;
  readonly summary: string | null;
}

/** What the call goes on with: the call as stored now, its new agent and where its events go. */
export interface HandedOff {
  readonly call: Call;
  readonly agent: Agent;
  readonly webhook: Webhook | null;
}

/** Stores a live call's handoff; the voice session hands it over and goes on with what comes back. */
export interface CallHandoffs {
  /** Left: why it was refused (the limit, an agent not listed or gone, a call over), in words for the log. */
  handOff(request: HandoffRequest): Promise<E.Either<string, HandedOff>>;
}
