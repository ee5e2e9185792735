import type * as E from 'fp-ts/lib/Either.js';
import type { CallOverrides } from '../../domain/campaign.js';
import type { E164 } from '../../domain/e164.js';

/** Tells the campaign engine that something changed it should act on now (a start, new recipients). */
export interface CampaignTrigger {
  poke(): void;
}

/** One attempt as the engine asks for it: a normal outbound call of the campaign's agent. */
export interface CampaignCallRequest {
  readonly projectId: string;
  /** The campaign dialling: a refusal's audit record names it. */
  readonly campaignId: string;
  readonly agentId: string;
  readonly toNumber: E164;
  /** Null: the agent's first number. */
  readonly fromNumberId: string | null;
  readonly systemPrompt: string | null;
  readonly initialGreeting: string | null;
  /** The recipient's own values, for the call's prompt and greeting. */
  readonly variables: Readonly<Record<string, string>>;
  /** The campaign's own language, voice and turn-taking for the call, over the agent's. */
  readonly overrides: CallOverrides;
}

/**
 * Why a call could not be placed. `agent_gone` and `no_number` stop the whole campaign (it
 * pauses with the reason); `refused` fails this attempt only; `at_capacity` (the project has its
 * maximum of calls in progress) is no attempt at all: the recipient waits for the next round; `suppressed` (the number went on
 * the suppression list after the claim) skips the recipient.
 */
export type CampaignCallRefusal =
  | { readonly kind: 'agent_gone' }
  | { readonly kind: 'at_capacity' }
  | { readonly kind: 'suppressed' }
  | { readonly kind: 'no_number'; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * How the engine places a call. The composition root fills it with the PlaceOutboundCall use
 * case (services may not import use cases), so each attempt is a normal call: stored, evented,
 * transcribed like any other.
 */
export interface CampaignDialer {
  dial(request: CampaignCallRequest): Promise<E.Either<CampaignCallRefusal, { readonly callId: string }>>;
}
