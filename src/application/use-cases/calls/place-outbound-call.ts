import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { failCall, withProviderCallId, type Call } from '../../../domain/call.js';
import type { CallVariables } from '../../../domain/call-variables.js';
import type { Agent } from '../../../domain/agent.js';
import type { AgentLanguage, ConversationSettings } from '../../../domain/conversation-settings.js';
import { handoffVoicesFor } from './handoff-voices.js';
import { callSpeech } from './call-speech.js';
import type { E164 } from '../../../domain/e164.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { notFound, validation, type ComplianceRefused, type NotFound, type ProviderError, type RateLimited, type Validation } from '../../errors.js';
import { suppressionRefusal } from '../../compliance/suppression-check.js';
import { consentRefusal } from '../../compliance/consent-check.js';
import { attemptCapRefusal, type AttemptCap } from '../../compliance/attempt-cap.js';
import { callingWindowRefusal, type CallingWindow, type CallingWindowDeps } from '../../compliance/calling-window-check.js';
import type { RequiredConsent } from '../../../domain/consent.js';
import type { AttemptOrigin } from '../../../domain/audit-event.js';
import { recordRefusal } from '../../compliance/audit-records.js';
import { attemptCapOf, callingWindowOf, type OutboundSettings } from '../../../domain/outbound-settings.js';
import type { Logger } from '../../ports/logger.js';
import type { Repositories } from '../../ports/repositories.js';
import type { Telephony } from '../../ports/telephony.js';
import type { VoiceCatalog } from '../../ports/voice-catalog.js';
import type { CoreDeps } from '../common/deps.js';
import { callCapacity } from './call-limits.js';
import { carrierRequestOf, outboundCallOf } from './outbound-call-of.js';
import type { CallWebhooksFor } from './call-webhooks.js';

export interface PlaceOutboundCallInput {
  readonly projectId: string;
  readonly agentId: string;
  readonly toNumber: E164;
  /** Which of the agent's numbers calls; default the first attached. */
  readonly fromNumberId: string | null;
  /** Spoken when the recipient answers; `""` stays silent; absent: the agent's greeting. */
  readonly initialGreeting: string | null;
  readonly voice: string | null;
  /** The agent's own language or one of its `languages`; absent: the agent's own. */
  readonly language?: string | null;
  /** This call's own turn-taking settings, over the agent's. */
  readonly conversation?: Partial<ConversationSettings>;
  /** Makes this one call hosted: the call's goal, on top of the agent's prompt. */
  readonly systemPrompt: string | null;
  /** Values of `{{name}}` placeholders in the greeting, the prompts and the tools. */
  readonly variables?: CallVariables;
  /** Detect answering machines (default on): voicemail message, hang-up, or the webhook told. */
  readonly voicemailDetection?: boolean;
  /** Refuse unless the number's contact has consent for calls of this basis (or stronger) on record. */
  readonly requireConsent?: RequiredConsent | null;
  /** Refuse unless it is within these hours in the callee's time zone now; absent or null: the project's default window, if it has one. */
  readonly callingWindow?: CallingWindow | null;
  /** Placed by a campaign, whose own schedule holds its hours: the project's default window does not apply. */
  readonly onCampaignSchedule?: boolean;
  /** Who asks for the call and by which way in: what a refusal goes on the audit trail with. */
  readonly origin: AttemptOrigin;
  /** Said after the AI disclosure when the call is recorded; null: none on this call; absent: the project's (or the node's). */
  readonly recordingDisclosure?: string | null;
}

interface OpenedCall {
  readonly call: Call;
  readonly from: E164;
  readonly record: boolean;
}

export interface PlaceOutboundCallDeps extends CoreDeps {
  readonly telephony: Telephony;
  readonly voices: VoiceCatalog;
  readonly callWebhooks: CallWebhooksFor;
  readonly logger: Logger;
  /**
   * The first words of every outbound call, identifying the caller as an AI assistant
   * (`{project}`: the project's name); null: none.
   */
  readonly aiDisclosure?: string | null;
  /** Said after it on recorded calls of projects without their own (`RECORDING_DISCLOSURE`); absent or null: none. */
  readonly recordingDisclosure?: string | null;
  /** The node's cap (`OUTBOUND_ATTEMPT_CAP`) for projects without their own; absent: no cap. */
  readonly attemptCap?: AttemptCap | null;
  /** Reads calling windows; absent: a call's `callingWindow` cannot be checked and is refused as invalid. */
  readonly callingWindows?: CallingWindowDeps;
}

export type PlaceOutboundCallError = Validation | NotFound | ProviderError | RateLimited | ComplianceRefused;

/** What the call is placed with, read before the project is locked. */
interface Chosen {
  readonly agent: Agent;
  readonly from: PhoneNumber;
  readonly settings: OutboundSettings | undefined;
  readonly handoffVoices: readonly AgentLanguage[];
}

/**
 * The spec's outbound flow: the agent must belong to the project and have a number; the call
 * is stored first (the carrier may report on it at once), then placed; a carrier refusal
 * marks it failed and answers with the carrier's error. A compliance refusal is committed to the
 * audit trail (with nothing else) before it is answered.
 */
export class PlaceOutboundCall {
  constructor(private readonly deps: PlaceOutboundCallDeps) {}

  /** The calling window asked for (or the project's), checked once before anything is locked (its hours do not change under the lock). */
  private async windowRefusal(input: PlaceOutboundCallInput, settings: OutboundSettings | undefined): Promise<ComplianceRefused | Validation | null> {
    const window = input.onCampaignSchedule ? null : callingWindowOf(settings, input.callingWindow ?? null);
    if (window === null) return null;
    const deps = this.deps.callingWindows;
    if (!deps) return validation('callingWindow', 'cannot be checked by this server');
    if (!deps.calendar.isKnownZone(window.defaultTimeZone)) return validation('callingWindow.timeZone', 'is not a known IANA time zone');
    if (window.weekdays.length === 0 || window.dailyStartMinute >= window.dailyEndMinute) return validation('callingWindow', 'must open on some day: dailyStart before dailyEnd, weekdays not empty');
    return callingWindowRefusal(deps, window, input.toNumber, this.deps.clock.now());
  }

  private recordRefused(tx: Repositories, input: PlaceOutboundCallInput, refused: ComplianceRefused): Promise<void> {
    const at = { projectId: input.projectId, phoneNumber: input.toNumber, channel: 'voice' as const, at: this.deps.clock.now(), origin: input.origin };
    return recordRefusal(tx, this.deps.ids, at, refused);
  }

  execute(input: PlaceOutboundCallInput): TE.TaskEither<PlaceOutboundCallError, Call> {
    return async () => {
      if (input.voice !== null && !(await this.deps.voices.listVoices()).some((v) => v.id === input.voice)) {
        return E.left(validation('voice', 'is not one of the voices of GET /v1/agents/voices'));
      }
      // Read before the transaction, which holds the project's row locked (see callCapacity) while it lasts.
      const chosen = await this.deps.uow.transaction(async (repos): Promise<E.Either<NotFound | Validation, Chosen>> => {
        const agent = await repos.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        const numbers = await repos.numbers.listByAgents([agent.id]);
        if (numbers.length === 0) return E.left(validation('agentId', 'has no phone number attached; attach one to call from it'));
        const from = input.fromNumberId === null ? numbers[0] : numbers.find((n) => n.id === input.fromNumberId);
        if (!from) return E.left(validation('fromNumberId', "is not one of the agent's numbers"));
        return E.right({ agent, from, settings: (await repos.projects.findById(input.projectId))?.outbound, handoffVoices: await handoffVoicesFor(repos, agent) });
      });
      if (E.isLeft(chosen)) return chosen;
      const { agent, from: line, settings, handoffVoices } = chosen.right;
      const window = await this.windowRefusal(input, settings);
      if (window?._tag === 'ComplianceRefused') {
        await this.deps.uow.transaction(async (tx) => E.right(await this.recordRefused(tx, input, window)));
      }
      if (window) return E.left(window);
      const spoken = callSpeech(agent, input);
      if (E.isLeft(spoken)) return spoken;
      const opened = await this.deps.uow.transaction(async (tx): Promise<E.Either<RateLimited, OpenedCall | { readonly refused: ComplianceRefused }>> => {
        const { project, full } = await callCapacity(tx, input.projectId);
        if (full) return E.left(full);
        // Under the project's lock: a number suppressed while this call was being set up is refused.
        const now = this.deps.clock.now();
        // The count is taken under the project's lock, so two nodes' calls to a number are counted one after the other.
        const refused =
          (await suppressionRefusal(tx, input.projectId, input.toNumber, 'voice')) ??
          (await consentRefusal(tx, input.projectId, input.toNumber, 'voice', input.requireConsent ?? null)) ??
          (await attemptCapRefusal(tx, input.projectId, input.toNumber, attemptCapOf(project?.outbound, this.deps.attemptCap ?? null), now));
        if (refused) {
          // Committed, so the refusal stays on the trail though the call is never stored.
          await this.recordRefused(tx, input, refused);
          return E.right({ refused });
        }
        const { call, record } = outboundCallOf(this.deps, { agent, line, project, spoken: spoken.right }, input, now);
        await tx.calls.save(call);
        return E.right({ call, from: line.phoneNumber, record });
      });
      if (E.isLeft(opened)) return opened;
      if ('refused' in opened.right) return E.left(opened.right.refused);
      const { call, from, record } = opened.right;
      const placed = await this.deps.telephony.placeCall(carrierRequestOf(call, { from, to: input.toNumber, record, handoffVoices, webhooks: this.deps.callWebhooks(call.id) }));
      return this.deps.uow.transaction(async (tx): Promise<E.Either<ProviderError, Call>> => {
        const current = (await tx.calls.findByIdInAnyProject(call.id)) ?? call;
        if (E.isLeft(placed)) {
          const failed = failCall(current, { now: this.deps.clock.now(), reason: 'error' });
          if (E.isRight(failed)) await tx.calls.save(failed.right);
          this.deps.logger.warn({ callId: call.id, reason: placed.left.message }, 'the carrier refused the outbound call');
          return E.left(placed.left);
        }
        const updated = withProviderCallId(current, placed.right.providerCallId);
        await tx.calls.save(updated);
        return E.right(updated);
      });
    };
  }
}
