import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { failCall, withProviderCallId, type Call } from '../../../domain/call.js';
import type { CallVariables } from '../../../domain/call-variables.js';
import { callLimitOf } from '../../../domain/project.js';
import type { E164 } from '../../../domain/e164.js';
import type { Agent } from '../../../domain/agent.js';
import type { AgentLanguage, ConversationSettings } from '../../../domain/conversation-settings.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { AttemptOrigin } from '../../../domain/audit-event.js';
import { attemptCapOf } from '../../../domain/outbound-settings.js';
import { notFound, validation, type ComplianceRefused, type NotFound, type ProviderError, type RateLimited, type Validation } from '../../errors.js';
import { suppressed } from '../../compliance/suppression-check.js';
import { attemptCapVerdict } from '../../compliance/attempt-cap.js';
import { recordRefusal } from '../../compliance/audit-records.js';
import type { Repositories } from '../../ports/repositories.js';
import { callSpeech, type CallSpeech } from './call-speech.js';
import { callsInProgressFull } from './call-limits.js';
import { handoffVoicesFor } from './handoff-voices.js';
import { carrierRequestOf, outboundCallOf } from './outbound-call-of.js';
import type { PlaceOutboundCallDeps } from './place-outbound-call.js';

/** One call of the batch: its callee, its line and its own variables. */
export interface CampaignCall {
  readonly toNumber: E164;
  /** Which of the agent's numbers calls; null: the first attached. */
  readonly fromNumberId: string | null;
  readonly variables: CallVariables;
}

/** Calls of one agent that share everything but their callee, line and variables: a round of one campaign. */
export interface PlaceCampaignCallsInput {
  readonly projectId: string;
  readonly agentId: string;
  readonly initialGreeting: string | null;
  readonly systemPrompt: string | null;
  readonly voice: string | null;
  readonly language?: string | null;
  readonly conversation?: Partial<ConversationSettings>;
  /** Who asks and by which way in: what each refusal goes on the audit trail with. */
  readonly origin: AttemptOrigin;
  readonly calls: readonly CampaignCall[];
}

/** What stops the whole batch: no such agent, or one without a number. */
export type PlaceCampaignCallsError = NotFound | Validation;

/** How one call of the batch went: placed, or why not (as PlaceOutboundCall would have answered it). */
export type CampaignCallResult = E.Either<Validation | ProviderError | RateLimited | ComplianceRefused, Call>;

interface Chosen {
  readonly agent: Agent;
  readonly numbers: readonly PhoneNumber[];
  readonly handoffVoices: readonly AgentLanguage[];
}

type Line = E.Either<Validation, PhoneNumber>;

/**
 * A campaign round's calls, each as PlaceOutboundCall would place it (the same call stored, the
 * same refusals, the same audit records), with the round trips shared: the agent and its numbers
 * read once, then one transaction under the project's lock counts the calls in progress, reads
 * the suppression list and the attempt counts for every callee at once, records the refusals and
 * stores the calls in one statement; the carrier is asked for each, and the carrier's ids are
 * stored together. Calls are taken in order: a call refused leaves its slot to the next.
 */
export class PlaceCampaignCalls {
  constructor(private readonly deps: PlaceOutboundCallDeps) {}

  execute(input: PlaceCampaignCallsInput): TE.TaskEither<PlaceCampaignCallsError, readonly CampaignCallResult[]> {
    return async () => {
      if (input.calls.length === 0) return E.right([]);
      if (input.voice !== null && !(await this.deps.voices.listVoices()).some((v) => v.id === input.voice)) {
        return E.right(input.calls.map(() => E.left(validation('voice', 'is not one of the voices of GET /v1/agents/voices'))));
      }
      const chosen = await this.deps.uow.transaction(async (repos): Promise<E.Either<NotFound | Validation, Chosen>> => {
        const agent = await repos.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        const numbers = await repos.numbers.listByAgents([agent.id]);
        if (numbers.length === 0) return E.left(validation('agentId', 'has no phone number attached; attach one to call from it'));
        return E.right({ agent, numbers, handoffVoices: await handoffVoicesFor(repos, agent) });
      });
      if (E.isLeft(chosen)) return chosen;
      const { agent, numbers, handoffVoices } = chosen.right;
      const spoken = callSpeech(agent, input);
      if (E.isLeft(spoken)) return E.right(input.calls.map(() => E.left(spoken.left)));
      const lines: Line[] = input.calls.map((c) => {
        const line = c.fromNumberId === null ? numbers[0] : numbers.find((n) => n.id === c.fromNumberId);
        return line ? E.right(line) : E.left(validation('fromNumberId', "is not one of the agent's numbers"));
      });
      const opened = await this.deps.uow.transaction(async (tx) => E.right(await this.open(tx, input, agent, spoken.right, lines)));
      if (E.isLeft(opened)) return opened;
      return E.right(await this.place(opened.right, handoffVoices));
    };
  }

  /** Under the project's lock, as PlaceOutboundCall's own transaction: each call stored, or refused with its record. */
  private async open(tx: Repositories, input: PlaceCampaignCallsInput, agent: Agent, spoken: CallSpeech, lines: readonly Line[]): Promise<Opened[]> {
    const project = await tx.projects.lockById(input.projectId);
    const limit = project ? callLimitOf(project) : Infinity;
    let live = project ? await tx.calls.countLive(input.projectId) : 0;
    const now = this.deps.clock.now();
    const callees = input.calls.map((c) => c.toNumber);
    const listed = new Set<string>(await tx.suppressions.findSuppressed(input.projectId, callees, 'voice'));
    const cap = attemptCapOf(project?.outbound, this.deps.attemptCap ?? null);
    const attempts = new Map(cap ? await tx.calls.countOutboundToEach(input.projectId, callees, new Date(now.getTime() - cap.durationSeconds * 1000)) : []);
    const results: Opened[] = [];
    const stored: Call[] = [];
    for (const [i, ask] of input.calls.entries()) {
      const line = lines[i]!;
      if (E.isLeft(line)) {
        results.push({ kind: 'refused', refusal: line.left });
        continue;
      }
      if (live >= limit) {
        results.push({ kind: 'refused', refusal: callsInProgressFull(limit) });
        continue;
      }
      const called = attempts.get(ask.toNumber) ?? 0;
      const refused = listed.has(ask.toNumber) ? suppressed(ask.toNumber, 'voice') : cap ? attemptCapVerdict(ask.toNumber, called, cap) : null;
      if (refused) {
        // Committed with the batch, so the refusal stays on the trail though the call is never stored.
        await recordRefusal(tx, this.deps.ids, { projectId: input.projectId, phoneNumber: ask.toNumber, channel: 'voice', at: now, origin: input.origin }, refused);
        results.push({ kind: 'refused', refusal: refused });
        continue;
      }
      const { call, record } = outboundCallOf(this.deps, { agent, line: line.right, project, spoken }, { ...input, ...ask }, now);
      live += 1;
      attempts.set(ask.toNumber, called + 1);
      stored.push(call);
      results.push({ kind: 'stored', call, from: line.right.phoneNumber, to: ask.toNumber, record });
    }
    await tx.calls.insertNew(stored);
    return results;
  }

  /** The stored calls placed at the carrier at once; the ids it gave stored together, a refusal failing its call. */
  private async place(opened: readonly Opened[], handoffVoices: readonly AgentLanguage[]): Promise<CampaignCallResult[]> {
    const placed = await Promise.all(
      opened.map((o) =>
        o.kind === 'refused'
          ? null
          : this.deps.telephony.placeCall(carrierRequestOf(o.call, { from: o.from, to: o.to, record: o.record, handoffVoices, webhooks: this.deps.callWebhooks(o.call.id) })),
      ),
    );
    const stored = await this.deps.uow.transaction(async (tx) => {
      const results: CampaignCallResult[] = [];
      const accepted: { callId: string; providerCallId: string }[] = [];
      for (const [i, o] of opened.entries()) {
        if (o.kind === 'refused') {
          results.push(E.left(o.refusal));
          continue;
        }
        const answer = placed[i]!;
        if (E.isRight(answer)) {
          accepted.push({ callId: o.call.id, providerCallId: answer.right.providerCallId });
          results.push(E.right(withProviderCallId(o.call, answer.right.providerCallId)));
        } else {
          // The carrier may have reported on the call meanwhile: the call is failed as it stands now.
          const current = (await tx.calls.findByIdInAnyProject(o.call.id)) ?? o.call;
          const failed = failCall(current, { now: this.deps.clock.now(), reason: 'error' });
          if (E.isRight(failed)) await tx.calls.save(failed.right);
          this.deps.logger.warn({ callId: o.call.id, reason: answer.left.message }, 'the carrier refused the outbound call');
          results.push(E.left(answer.left));
        }
      }
      await tx.calls.recordProviderCallIds(accepted);
      return E.right(results);
    });
    return E.isRight(stored) ? stored.right : [];
  }
}

type Opened =
  | { readonly kind: 'refused'; readonly refusal: Validation | RateLimited | ComplianceRefused }
  | { readonly kind: 'stored'; readonly call: Call; readonly from: E164; readonly to: E164; readonly record: boolean };
