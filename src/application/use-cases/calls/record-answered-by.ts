import { fillVariables } from '../../../domain/call-variables.js';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { behaviourOf } from '../../../domain/call-behaviour.js';
import { isLive, isMachine, withAnsweredBy, type AnsweredBy, type Call } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Logger } from '../../ports/logger.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { ClosingWords, Telephony } from '../../ports/telephony.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import type { CoreDeps } from '../common/deps.js';
import { queueCallStarted } from './call-started.js';
import type { FinishCall } from './finish-call.js';

export interface RecordAnsweredByInput {
  /** The call, by our id or by the carrier's. */
  readonly callId?: string;
  readonly providerCallId?: string;
  /** Detection's verdict; null: the call was answered and no detection runs on it. */
  readonly answeredBy: AnsweredBy | null;
}

/** What became of the call: it goes on with the agent, or a machine got the message (or a hang-up). */
export type AnsweredOutcome = 'continues' | 'voicemail_left' | 'hung_up' | 'ignored';

export interface RecordAnsweredByDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
  readonly telephony: Telephony;
  readonly finishCall: FinishCall;
  readonly logger: Logger;
}

type Decision = { readonly outcome: AnsweredOutcome; readonly call: Call | null; readonly closing: ClosingWords | null; readonly queued: boolean };

/**
 * An outbound call was answered, and (with detection on) by whom. The call records it and
 * `agent.call_started` is queued with `answeredBy`. A machine (or fax) hears the agent's
 * `voicemailMessage` — the verdict comes after the greeting's beep, so the message lands on
 * the recording — and the call hangs up; without a message, a hosted agent's call hangs up,
 * and a webhook-mode agent's call goes on: its webhook decides, told by the event. Either way
 * the call ends with `voicemail`. A second verdict for the same call changes nothing.
 */
export class RecordAnsweredBy {
  constructor(private readonly deps: RecordAnsweredByDeps) {}

  execute(input: RecordAnsweredByInput): TE.TaskEither<NotFound, AnsweredOutcome> {
    return async () => {
      const decided = await this.deps.uow.transaction(async (tx): Promise<E.Either<NotFound, Decision>> => {
        const found = input.callId ? await tx.calls.lockByIdInAnyProject(input.callId) : input.providerCallId ? await tx.calls.findByProviderCallId(input.providerCallId) : null;
        const call = found && input.callId === undefined ? await tx.calls.lockByIdInAnyProject(found.id) : found;
        if (!call) return E.left(notFound('call', input.callId ?? input.providerCallId ?? 'unknown'));
        const ignored: Decision = { outcome: 'ignored', call, closing: null, queued: false };
        if (!isLive(call) || call.direction !== 'outbound') return E.right(ignored);
        if (input.answeredBy === null) {
          // Answered with no detection running: the call starts now. With detection, it starts at the verdict.
          if (call.voicemailDetection) return E.right(ignored);
          return E.right({ outcome: 'continues', call, closing: null, queued: await queueCallStarted(tx, this.deps, call) });
        }
        if (call.answeredBy !== null) return E.right(ignored);
        const answered = withAnsweredBy(call, input.answeredBy);
        await tx.calls.save(answered);
        const queued = await queueCallStarted(tx, this.deps, answered);
        if (!isMachine(input.answeredBy)) return E.right({ outcome: 'continues', call: answered, closing: null, queued });
        const agent = answered.agentId ? await tx.agents.findById(answered.projectId, answered.agentId) : null;
        const message = behaviourOf(agent).voicemailMessage;
        if (message !== null) {
          // The call's variables fill the message as they fill its greeting ({{name}} and friends).
          const say = fillVariables(message, answered.variables);
          return E.right({ outcome: 'voicemail_left', call: answered, closing: { say, voice: answered.voice, language: answered.language }, queued });
        }
        if (answered.voiceMode === 'webhook') return E.right({ outcome: 'continues', call: answered, closing: null, queued });
        return E.right({ outcome: 'hung_up', call: answered, closing: null, queued });
      });
      if (E.isLeft(decided)) return decided;
      const { outcome, call, closing, queued } = decided.right;
      if (queued) this.deps.deliveryTrigger?.poke();
      if ((outcome === 'voicemail_left' || outcome === 'hung_up') && call) {
        if (call.providerCallId) {
          const ended = await this.deps.telephony.endCall(call.providerCallId, closing ?? undefined);
          if (E.isLeft(ended)) this.deps.logger.warn({ callId: call.id, reason: ended.left.message }, 'the carrier could not end the call at a machine');
        }
        await this.deps.finishCall.execute({ callId: call.id, outcome: 'completed', reason: 'voicemail' })();
        this.deps.logger.info({ callId: call.id, answeredBy: call.answeredBy, outcome }, 'outbound call answered by a machine');
      }
      return E.right(outcome);
    };
  }
}
