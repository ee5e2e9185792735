import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { completeCall, failCall, isLive, type Call, type DisconnectionReason, type TranscriptTurn } from '../../../domain/call.js';
import { looksLikeE164, trustE164 } from '../../../domain/e164.js';
import { notFound, type NotFound } from '../../errors.js';
import { callEndedEvent } from '../../events/call-ended-event.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { Logger } from '../../ports/logger.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { Repositories } from '../../ports/repositories.js';
import { readOnly } from '../../ports/unit-of-work.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import type { LiveCalls } from '../../services/voice-session-engine.js';
import type { AnalysisQueue } from '../../services/call-analyst.js';
import type { CoreDeps } from '../common/deps.js';
import { queueCallAnalysis } from './queue-call-analysis.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';

export interface FinishCallInput {
  /** The call, by our id or by the carrier's. */
  readonly callId?: string;
  readonly providerCallId?: string;
  readonly outcome: 'completed' | 'failed';
  readonly reason: DisconnectionReason;
  /** The carrier's count, when it gave one. */
  readonly durationSeconds?: number | null;
  /** Ends the call only if this holds of it as stored when it ends (else it is left as it is). */
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
}

export type FinishCallError = NotFound;

/**
 * A call ends (carrier callback, hang-up, transfer, the API): its session here stops and
 * stores what it had, the call becomes completed or failed (once: a second report changes
 * nothing and sends nothing), `agent.call_ended` is queued with the complete transcript, and
 * the live transcript streams hear `ended`.
 */
export class FinishCall {
  constructor(private readonly deps: FinishCallDeps) {}

  execute(input: FinishCallInput): TE.TaskEither<FinishCallError, Call> {
    return async () => {
      const reported = input.callId === undefined ? await this.callOfProvider(input.providerCallId) : null;
      const callId = input.callId ?? reported?.id;
      if (!callId) return E.left(notFound('call', input.providerCallId ?? 'unknown'));
      await this.deps.live.settle(callId);
      // A call over already (the carrier reports an end more than once) stays as it is: no lock to take.
      if (reported && !isLive(reported)) return E.right(reported);
      const result = await this.deps.uow.transaction(async (tx) => {
        const call = await tx.calls.lockByIdInAnyProject(callId);
        if (!call) return E.left(notFound('call', callId));
        if (!isLive(call) || (input.onlyIf && !input.onlyIf(call))) return E.right({ call, ended: false, queued: false, analysing: false });
        const turns = await tx.transcripts.listByCall(call.id);
        const ending = {
          now: this.deps.clock.now(),
          reason: input.reason,
          durationSeconds: input.durationSeconds ?? null,
          lastWords: turns.at(-1)?.content ?? null,
        };
        const ended = input.outcome === 'completed' ? completeCall(call, ending) : failCall(call, ending);
        if (E.isLeft(ended)) return E.right({ call, ended: false, queued: false, analysing: false });
        await tx.calls.save(ended.right);
        const queued = await this.queueCallEnded(tx, ended.right, turns);
        const analysing = await queueCallAnalysis(tx, ended.right, this.deps.analysis, ending.now);
        return E.right({ call: ended.right, ended: true, queued, analysing });
      });
      if (E.isLeft(result)) return result;
      const { call, ended, queued, analysing } = result.right;
      if (ended) {
        if (queued) this.deps.deliveryTrigger?.poke();
        if (analysing) this.deps.analysis?.poke();
        await this.deps.eventBus
          .publish({ type: 'ended', callId: call.id, status: call.status })
          .catch((error: unknown) => this.deps.logger.error({ callId: call.id, err: String(error) }, 'publishing the end of a call failed'));
        this.deps.logger.info(
          { callId: call.id, status: call.status, reason: call.disconnectionReason, durationSeconds: call.durationSeconds },
          'call ended',
        );
      }
      return E.right(call);
    };
  }

  /** The call the carrier reports on, read outside any transaction (one statement: BEGIN and COMMIT around it would add two round trips a call's end). */
  private async callOfProvider(providerCallId: string | undefined): Promise<Call | null> {
    if (!providerCallId) return null;
    const found = await readOnly(this.deps.uow, async (repos) => E.right(await repos.calls.findByProviderCallId(providerCallId)));
    return E.isRight(found) ? found.right : null;
  }

  private async queueCallEnded(tx: Repositories, call: Call, turns: readonly TranscriptTurn[]): Promise<boolean> {
    const webhook = await endpointFor(tx, call.projectId, call.agentId);
    if (!webhook) return false;
    const party = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
    const contact = looksLikeE164(party) ? await tx.contacts.findByPhoneNumber(call.projectId, trustE164(party)) : null;
    await queueWebhookEvent(tx, this.deps, webhook, callEndedEvent(call, turns, contact, this.deps.clock.now()));
    return true;
  }
}
