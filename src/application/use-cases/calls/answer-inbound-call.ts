import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Agent } from '../../../domain/agent.js';
import type { AgentLanguage } from '../../../domain/conversation-settings.js';
import { handoffVoicesFor } from './handoff-voices.js';
import { inboundVariables } from '../../../domain/call-variables.js';
import { answeredAs, failCall, isLive, withProviderCallId, type Call, type NewCall } from '../../../domain/call.js';
import { withRecordingDisclosure } from '../../../domain/recording-disclosure.js';
import type { Contact } from '../../../domain/contact.js';
import { looksLikeE164, trustE164 } from '../../../domain/e164.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Webhook } from '../../../domain/webhook.js';
import { conflict, notFound, type Conflict, type NotFound } from '../../errors.js';
import { callEndedEvent } from '../../events/call-ended-event.js';
import { callStartedEvent } from '../../events/call-started-event.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { Repositories } from '../../ports/repositories.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import type { CallAnsweredListener } from '../../ports/call-answered-listener.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';
import type { CoreDeps } from '../common/deps.js';
import { callCapacity } from './call-limits.js';
import { queueCallStarted } from './call-started.js';

export interface AnswerInboundCallDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
  /** Told of each call opened here, so that its session need not read again what the answer read. */
  readonly live: CallAnsweredListener;
  /** Said before the greeting of recorded calls of projects without their own (`RECORDING_DISCLOSURE`); absent or null: none. */
  readonly recordingDisclosure?: string | null;
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
  /** The voices of the agents the call may be handed to, for the carrier to declare at answer; absent: none. */
  readonly handoffVoices?: readonly AgentLanguage[];
}

export type AnswerInboundCallError = NotFound | Conflict;

/** The carrier asked again for a call already opened (a webhook retry): the same answer. */
interface AlreadyAnswered {
  readonly _tag: 'Answered';
  readonly answered: AnsweredCall;
}

/** What the new call needs to be opened, all read before the project is locked. */
interface Ringing {
  readonly _tag: 'Ringing';
  readonly number: PhoneNumber;
  readonly agent: Agent;
  readonly contact: Contact | null;
  readonly webhook: Webhook | null;
  readonly handoffVoices: readonly AgentLanguage[];
}

/**
 * A call reaches one of our numbers (or a browser joins its web call): find the live number
 * and its agent, and open the call in progress. Asked again for the same carrier call (a
 * webhook retry), it answers with the call it already opened.
 *
 * A new call's reads (the number, its agent, the caller's contact, the webhook) come first,
 * outside any transaction: the transaction that counts the project's calls in progress holds
 * the project's row locked until it commits, and every other call to the project, on any node,
 * waits for it. It is kept to what the cap needs: the lock, the count, the call and its event.
 * At READ COMMITTED each statement sees what was committed when it ran, in a transaction or not:
 * the contact and the webhook, read inside it before, may now be a moment older, as they would
 * be had the caller rung a moment earlier. What was read is handed to this node's live calls: the
 * call's session, opening here a moment later, starts on it.
 */
export class AnswerInboundCall {
  constructor(private readonly deps: AnswerInboundCallDeps) {}

  execute(input: InboundCallInput): TE.TaskEither<AnswerInboundCallError, AnsweredCall> {
    return async () => {
      if (input.webCallId !== null) return this.joinWebCall(input.webCallId, input.providerCallId);
      const found = await this.deps.uow.transaction((repos) => this.ringing(repos, input));
      if (E.isLeft(found)) return found;
      const heard = found.right;
      return heard._tag === 'Answered' ? E.right(heard.answered) : this.open(input, heard);
    };
  }

  /** The call already opened for this carrier call, or what a new one needs. */
  private async ringing(repos: Repositories, input: InboundCallInput): Promise<E.Either<AnswerInboundCallError, AlreadyAnswered | Ringing>> {
    const known = await repos.calls.findByProviderCallId(input.providerCallId);
    if (known) {
      const project = await repos.projects.findById(known.projectId);
      const agent = known.agentId ? await repos.agents.findById(known.projectId, known.agentId) : null;
      const answered = {
        call: known,
        record: project?.recordingEnabled ?? false,
        busy: !isLive(known) && known.disconnectionReason === 'concurrency_limit',
        handoffVoices: await handoffVoicesFor(repos, agent),
      };
      return E.right({ _tag: 'Answered', answered });
    }
    const number = looksLikeE164(input.to) ? await repos.numbers.findLiveByPhoneNumber(trustE164(input.to)) : null;
    if (!number) return E.left(notFound('number', input.to));
    const [agent, contact, webhook] = await Promise.all([
      number.agentId ? repos.agents.findById(number.projectId, number.agentId) : null,
      looksLikeE164(input.from) ? repos.contacts.findByPhoneNumber(number.projectId, trustE164(input.from)) : null,
      endpointFor(repos, number.projectId, number.agentId),
    ]);
    if (!agent) return E.left(notFound('agent', `attached to ${number.phoneNumber}`));
    return E.right({ _tag: 'Ringing', number, agent, contact, webhook, handoffVoices: await handoffVoicesFor(repos, agent) });
  }

  private async open(input: InboundCallInput, { number, agent, contact, webhook, handoffVoices }: Ringing): Promise<E.Either<AnswerInboundCallError, AnsweredCall>> {
    const now = this.deps.clock.now();
    const variables = inboundVariables({ callerNumber: input.from, agentNumber: number.phoneNumber, contactName: contact?.name ?? null, now });
    const ringing: NewCall = {
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
      ...answeredAs(agent, variables),
      metadata: null,
    };
    const answered = await this.deps.uow.transaction(async (tx): Promise<E.Either<AnswerInboundCallError, AnsweredCall>> => {
      const { project, full } = await callCapacity(tx, number.projectId);
      const call = withRecordingDisclosure(ringing, project, this.deps.recordingDisclosure ?? null);
      if (full) {
        const refused = failCall(call, { now: this.deps.clock.now(), reason: 'concurrency_limit', durationSeconds: 0 });
        if (E.isLeft(refused)) return E.left(conflict(`call ${call.id} could not be refused`));
        await tx.calls.save(refused.right);
        if (webhook) await queueWebhookEvent(tx, this.deps, webhook, callEndedEvent(refused.right, [], null, this.deps.clock.now()));
        return E.right({ call: refused.right, record: false, busy: true });
      }
      await tx.calls.save(call);
      if (webhook) await queueWebhookEvent(tx, this.deps, webhook, callStartedEvent(call, this.deps.clock.now()));
      return E.right({ call, record: project?.recordingEnabled ?? false, busy: false, handoffVoices });
    });
    if (E.isRight(answered) && !answered.right.busy) this.deps.live.answered({ call: answered.right.call, agent, webhook });
    if (E.isRight(answered) && webhook) this.deps.deliveryTrigger?.poke();
    return answered;
  }

  /** A browser joins its web call: the call's first join queues `agent.call_started`. */
  private async joinWebCall(webCallId: string, providerCallId: string): Promise<E.Either<AnswerInboundCallError, AnsweredCall>> {
    let queued = false;
    const joined = await this.deps.uow.transaction(async (tx): Promise<E.Either<AnswerInboundCallError, AnsweredCall>> => {
      const call = await tx.calls.findByIdInAnyProject(webCallId);
      if (!call || call.type !== 'web') return E.left(notFound('call', webCallId));
      if (!isLive(call)) return E.left(conflict(`web call ${call.id} is already ${call.status}`));
      const first = call.providerCallId === null;
      const withCarrierId = call.providerCallId === providerCallId ? call : withProviderCallId(call, providerCallId);
      await tx.calls.save(withCarrierId);
      if (first) queued = await queueCallStarted(tx, this.deps, withCarrierId);
      const project = await tx.projects.findById(call.projectId);
      const agent = call.agentId ? await tx.agents.findById(call.projectId, call.agentId) : null;
      return E.right({ call: withCarrierId, record: project?.recordingEnabled ?? false, busy: false, handoffVoices: await handoffVoicesFor(tx, agent) });
    });
    if (queued) this.deps.deliveryTrigger?.poke();
    return joined;
  }
}
