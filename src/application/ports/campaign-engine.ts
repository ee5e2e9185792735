import type * as E from 'fp-ts/lib/Either.js';
import type { CallOverrides } from '../../domain/campaign.js';
import type { E164 } from '../../domain/e164.js';

/** Tells the campaign engine that something changed it should act on now (a start, new recipients). */
export interface CampaignTrigger {
  poke(): void;
}

/** One round's attempts of a campaign as the engine asks for them: normal outbound calls of the campaign's agent. */
export interface CampaignCallBatch {
  readonly projectId: string;
  /** The campaign dialling: a refusal's audit record names it. */
  readonly campaignId: string;
  readonly agentId: string;
  readonly systemPrompt: string | null;
  readonly initialGreeting: string | null;
  /** The campaign's own language, voice and turn-taking for the calls, over the agent's. */
  readonly overrides: CallOverrides;
  readonly calls: readonly CampaignCallRequest[];
}

/** One attempt of the batch: its callee, its line and the recipient's own values. */
export interface CampaignCallRequest {
  readonly toNumber: E164;
  /** Null: the agent's first number. */
  readonly fromNumberId: string | null;
  /** The recipient's own values, for the call's prompt and greeting. */
  readonly variables: Readonly<Record<string, string>>;
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
 * How the engine places a round's calls. The composition root fills it with the
 * PlaceCampaignCalls use case (services may not import use cases), so each attempt is a normal
 * call: stored, checked, evented, transcribed like any other.
 */
export interface CampaignDialer {
  /** How each call of the batch went, in the batch's order. */
  dial(batch: CampaignCallBatch): Promise<readonly E.Either<CampaignCallRefusal, { readonly callId: string }>[]>;
}
