import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Agent } from '../../../domain/agent.js';
import { completeCall, failCall, isLive, type Call, type DisconnectionReason, type TranscriptTurn } from '../../../domain/call.js';
import type { Contact } from '../../../domain/contact.js';
import { looksLikeE164, trustE164 } from '../../../domain/e164.js';
import type { Webhook } from '../../../domain/webhook.js';
import { notFound, type NotFound } from '../../errors.js';
import { callEndedEvent } from '../../events/call-ended-event.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { Logger } from '../../ports/logger.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { Repositories } from '../../ports/repositories.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import type { EndedSession, LiveCalls } from '../../ports/live-calls.js';
import type { AnalysisQueue } from '../../ports/analysis-queue.js';
import type { ServiceActivity } from '../../ports/service-activity.js';
import type { CoreDeps } from '../common/deps.js';
import { analysisOnEnd } from './analysis-on-end.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';

export interface FinishCallInput {
  /** The call, by our id or by the carrier's. */
  readonly callId?: string;
  readonly providerCallId?: string;
  readonly outcome: 'completed' | 'failed';
  readonly reason: DisconnectionReason;
  /** The carrier's count, when it gave one. */
  readonly durationSeconds?: number | null;
  /**
   * Ends the call only if this holds of it as read (else it is left as it is); the end is then
   * stored only if the call is still in progress with the same carrier call (see CallRepository.storeEnd).
   */
  readonly onlyIf?: (call: Call) => boolean;
}

export interface FinishCallDeps extends CoreDeps {
  readonly live: LiveCalls;
  readonly eventBus: EventBus;
  readonly deliveryTrigger: DeliveryTrigger | null;
  readonly logger: Logger;
  readonly eventEncoder: OutboundEventEncoder;
  /** Post-call analyses: queued with the call's end when its agent asks for one. */
  readonly analysis?: AnalysisQueue;
  /** Counts calls' ends by why; absent: nobody counts. */
  readonly activity?: ServiceActivity;
}

export type FinishCallError = NotFound;

/** What the end of a call needs besides the call, read before it is stored. */
interface EndContext {
  readonly turns: readonly TranscriptTurn[];
  readonly webhook: Webhook | null;
  /** Read only where an analysis could be queued (its agent says whether to). */
  readonly agent: Agent | null;
  /** The other party's contact, for the event; read only where there is a webhook to send it to. */
  readonly contact: Contact | null;
}

/** Another report ended the call between its read and its end being stored. */
interface EndedMeanwhile {
  readonly _tag: 'EndedMeanwhile';
}

const ENDED_MEANWHILE: EndedMeanwhile = { _tag: 'EndedMeanwhile' };

/**
 * A call ends (carrier callback, hang-up, transfer, the API): its session here stops and
 * stores what it had, the call becomes completed or failed (once: a second report changes
 * nothing and sends nothing), `agent.call_ended` is queued with the complete transcript, and
 * the live transcript streams hear `ended`.
 *
 * Everything the end needs is read first, outside any transaction (the call; then its turns,
 * webhook, agent and contact, the turns and agent taken instead from the call's last session
 * when it ended here: see contextOf), and the end is then stored by one conditional update of the
 * call's end columns ({@link Repositories.calls}' `storeEnd`), in one transaction with its event
 * and its analysis when it has either. No row lock: of two racing ends the update lets the first
 * through, and the other finds the call over and sends nothing. A locked transaction held every
 * read between its BEGIN and COMMIT: seven statements a call's end, nine with a webhook, one after
 * another on one pooled connection, most of what a hundred ends a second cost the main thread.
 */
export class FinishCall {
  constructor(private readonly deps: FinishCallDeps) {}

  execute(input: FinishCallInput): TE.TaskEither<FinishCallError, Call> {
    return async () => {
      const { call, endedSession } = await this.settledCall(input);
      if (!call) return E.left(notFound('call', input.callId ?? input.providerCallId ?? 'unknown'));
      // A call over already (the carrier reports an end more than once) stays as it is.
      if (!isLive(call) || (input.onlyIf && !input.onlyIf(call))) return E.right(call);
      const context = await this.contextOf(call, endedSession);
      const now = this.deps.clock.now();
      const ending = { now, reason: input.reason, durationSeconds: input.durationSeconds ?? null, lastWords: context.turns.at(-1)?.content ?? null };
      const ended = input.outcome === 'completed' ? completeCall(call, ending) : failCall(call, ending);
      if (E.isLeft(ended)) return E.right(call);
      const stored = await this.storeEnd(ended.right, context, now);
      if (E.isLeft(stored)) return E.right((await this.callOf({ callId: call.id })) ?? call);
      const { queued, analysing } = stored.right;
      if (queued) this.deps.deliveryTrigger?.poke();
      if (analysing) this.deps.analysis?.poke();
      this.deps.activity?.callEnded({ direction: call.direction, mode: call.voiceMode }, ended.right.status === 'failed' ? 'failed' : 'completed', input.reason);
      await this.deps.eventBus
        .publish({ type: 'ended', callId: call.id, status: ended.right.status })
        .catch((error: unknown) => this.deps.logger.error({ callId: call.id, err: String(error) }, 'publishing the end of a call failed'));
      this.deps.logger.info(
        { callId: call.id, status: ended.right.status, reason: ended.right.disconnectionReason, durationSeconds: ended.right.durationSeconds },
        'call ended',
      );
      return E.right(ended.right);
    };
  }

  /**
   * The call as stored once its session here, if any, has stopped and stored its turns: by our
   * id the session is settled first, by the carrier's once the call is found. With it, what its
   * last session knew, when that session ended here.
   */
  private async settledCall(input: FinishCallInput): Promise<{ readonly call: Call | null; readonly endedSession: EndedSession | null }> {
    const first = input.callId !== undefined ? await this.deps.live.settle(input.callId) : null;
    const call = await this.callOf(input);
    const endedSession = call && input.callId === undefined ? await this.deps.live.settle(call.id) : first;
    return { call, endedSession };
  }

  private async callOf({ callId, providerCallId }: Pick<FinishCallInput, 'callId' | 'providerCallId'>): Promise<Call | null> {
    if (callId === undefined && providerCallId === undefined) return null;
    const found = await this.deps.uow.transaction(async (repos) =>
      E.right(callId !== undefined ? await repos.calls.findByIdInAnyProject(callId) : await repos.calls.findByProviderCallId(providerCallId!)),
    );
    return E.isRight(found) ? found.right : null;
  }

  /**
   * What the end needs besides the call. The transcript and the agent come from the call's last
   * session when it ended here (its turns are all the call's, stored by now; the agent is the one
   * the call ran with), else from storage; the webhook and the contact are always read, as they
   * are now.
   */
  private async contextOf(call: Call, endedSession: EndedSession | null): Promise<EndContext> {
    const wantsAgent = this.deps.analysis !== undefined && call.agentId !== null;
    const knownAgent = endedSession && endedSession.agent?.id === call.agentId ? endedSession.agent : null;
    const read = await this.deps.uow.transaction(async (repos): Promise<E.Either<never, EndContext>> => {
      const [turns, webhook, agent] = await Promise.all([
        endedSession ? endedSession.turns : repos.transcripts.listByCall(call.id),
        endpointFor(repos, call.projectId, call.agentId),
        wantsAgent ? (knownAgent ?? repos.agents.findById(call.projectId, call.agentId!)) : null,
      ]);
      const party = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
      const contact = webhook && looksLikeE164(party) ? await repos.contacts.findByPhoneNumber(call.projectId, trustE164(party)) : null;
      return E.right({ turns, webhook, agent, contact });
    });
    return E.toUnion(read);
  }

  /** The end, with its event and analysis when it has them, all or nothing, in one unit of work. */
  private async storeEnd(ended: Call, { turns, webhook, agent, contact }: EndContext, now: Date) {
    const analysis = analysisOnEnd(agent, ended, this.deps.analysis, now);
    const store = async (repos: Repositories): Promise<E.Either<EndedMeanwhile, { queued: boolean; analysing: boolean }>> => {
      if (!(await repos.calls.storeEnd(ended))) return E.left(ENDED_MEANWHILE);
      if (webhook) await queueWebhookEvent(repos, this.deps, webhook, callEndedEvent(ended, turns, contact, this.deps.clock.now()));
      if (analysis) await repos.callAnalyses.save(analysis);
      return E.right({ queued: webhook !== null, analysing: analysis?.status === 'pending' });
    };
    return this.deps.uow.transaction(store);
  }
}
