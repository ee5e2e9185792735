import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { fillVariables, inboundVariables } from '../../../domain/call-variables.js';
import { failCall, startCall, isLive, withProviderCallId, type Call } from '../../../domain/call.js';
import { looksLikeE164, trustE164 } from '../../../domain/e164.js';
import { conflict, notFound, type Conflict, type NotFound } from '../../errors.js';
import { callEndedEvent } from '../../events/call-ended-event.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';
import type { CoreDeps } from '../common/deps.js';
import { callCapacity } from './call-limits.js';
import { queueCallStarted } from './call-started.js';

export interface AnswerInboundCallDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
}

export interface InboundCallInput {
  readonly to: string;
  readonly from: string;
  /** The carrier's id of the call. */
  readonly providerCallId: string;
  /** Set when a browser joins a web call created by POST /v1/calls/web (its token's identity). */
  readonly webCallId: string | null;
}

export interface AnsweredCall {
  readonly call: Call;
  /** The project's recording add-on is on: record from answer. */
  readonly record: boolean;
  /**
   * The project had its maximum of calls in progress: the call is recorded failed
   * (`concurrency_limit`) and the caller is to hear a busy message.
   */
  readonly busy: boolean;
}

export type AnswerInboundCallError = NotFound | Conflict;

/**
 * A call reaches one of our numbers (or a browser joins its web call): find the live number
 * and its agent, and open the call in progress. Asked again for the same carrier call (a
 * webhook retry), it answers with the call it already opened.
 */
export class AnswerInboundCall {
  constructor(private readonly deps: AnswerInboundCallDeps) {}

  execute(input: InboundCallInput): TE.TaskEither<AnswerInboundCallError, AnsweredCall> {
    return async () => {
      let queued = false;
      const answered = await this.deps.uow.transaction(async (tx): Promise<E.Either<AnswerInboundCallError, AnsweredCall>> => {
        if (input.webCallId !== null) {
          const call = await tx.calls.findByIdInAnyProject(input.webCallId);
          if (!call || call.type !== 'web') return E.left(notFound('call', input.webCallId));
          if (!isLive(call)) return E.left(conflict(`web call ${call.id} is already ${call.status}`));
          const first = call.providerCallId === null;
          const joined = call.providerCallId === input.providerCallId ? call : withProviderCallId(call, input.providerCallId);
          await tx.calls.save(joined);
          if (first) queued = await queueCallStarted(tx, this.deps, joined);
          const project = await tx.projects.findById(call.projectId);
          return E.right({ call: joined, record: project?.recordingEnabled ?? false, busy: false });
        }
        const known = await tx.calls.findByProviderCallId(input.providerCallId);
        if (known) {
          const project = await tx.projects.findById(known.projectId);
          return E.right({ call: known, record: project?.recordingEnabled ?? false, busy: !isLive(known) && known.disconnectionReason === 'concurrency_limit' });
        }
        const number = looksLikeE164(input.to) ? await tx.numbers.findLiveByPhoneNumber(trustE164(input.to)) : null;
        if (!number) return E.left(notFound('number', input.to));
        const agent = number.agentId ? await tx.agents.findById(number.projectId, number.agentId) : null;
        if (!agent) return E.left(notFound('agent', `attached to ${number.phoneNumber}`));
        const full = await callCapacity(tx, number.projectId);
        const project = await tx.projects.findById(number.projectId);
        const contact = looksLikeE164(input.from) ? await tx.contacts.findByPhoneNumber(number.projectId, trustE164(input.from)) : null;
        const now = this.deps.clock.now();
        const variables = inboundVariables({ callerNumber: input.from, agentNumber: number.phoneNumber, contactName: contact?.name ?? null, now });
        const call = startCall({
          id: this.deps.ids.next('call'),
          projectId: number.projectId,
          agentId: agent.id,
          phoneNumberId: number.id,
          fromNumber: input.from,
          toNumber: number.phoneNumber,
          direction: 'inbound',
          type: 'pstn',
          startedAt: now,
          providerCallId: input.providerCallId,
          voiceMode: agent.voiceMode,
          greeting: fillVariables(agent.greeting ?? '', variables),
          voice: agent.voice,
          language: agent.language,
          systemPrompt: null,
          variables,
          metadata: null,
        });
        if (full) {
          const refused = failCall(call, { now: this.deps.clock.now(), reason: 'concurrency_limit', durationSeconds: 0 });
          if (E.isLeft(refused)) return E.left(conflict(`call ${call.id} could not be refused`));
          await tx.calls.save(refused.right);
          const webhook = await endpointFor(tx, refused.right.projectId, refused.right.agentId);
          if (webhook) await queueWebhookEvent(tx, this.deps, webhook, callEndedEvent(refused.right, [], null, this.deps.clock.now()));
          queued = webhook !== null;
          return E.right({ call: refused.right, record: false, busy: true });
        }
        await tx.calls.save(call);
        queued = await queueCallStarted(tx, this.deps, call);
        return E.right({ call, record: project?.recordingEnabled ?? false, busy: false });
      });
      if (queued) this.deps.deliveryTrigger?.poke();
      return answered;
    };
  }
}
