import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { E164 } from '../../../domain/e164.js';
import type { Message } from '../../../domain/message.js';
import { isLive, type PhoneNumber } from '../../../domain/phone-number.js';
import { registrationWarningFor } from '../../../domain/messaging-registration.js';
import {
  badRequest,
  notFound,
  type ComplianceRefused,
  providerError,
  type BadRequest,
  type IdempotencyRefused,
  type NotFound,
  type ProviderError,
} from '../../errors.js';
import type { IdempotencyKey } from '../../ports/outbound-text-repositories.js';
import type { Repositories } from '../../ports/repositories.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { ServiceActivity } from '../../ports/service-activity.js';
import type { Telephony } from '../../ports/telephony.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import type { CoreDeps } from '../common/deps.js';
import { retryingRaces } from '../common/uniqueness-races.js';
import { outboundSmsOf, settleText, type SendOutcome } from '../../messaging/outbound-text.js';
import { appendToThread } from './thread.js';
import { suppressionRefusal } from '../../compliance/suppression-check.js';
import { consentRefusal } from '../../compliance/consent-check.js';
import type { RequiredConsent } from '../../../domain/consent.js';
import type { AttemptOrigin } from '../../../domain/audit-event.js';
import { recordRefusal } from '../../compliance/audit-records.js';

export interface SendSmsInput {
  readonly projectId: string;
  /** The agent that texts; null: the sending number's agent (then `numberId` or `fromNumber` is given). */
  readonly agentId: string | null;
  readonly to: E164;
  readonly body: string;
  readonly mediaUrls: readonly string[];
  /** The sending number by id; wins over `fromNumber`. */
  readonly numberId: string | null;
  /** The sending number by value. Neither given: the agent's first number. */
  readonly fromNumber: E164 | null;
  /** The client's `Idempotency-Key`: a retry with it answers what the first request did. */
  readonly idempotencyKey?: string | null;
  /** Refuse unless the number's contact has consent for texts of this basis (or stronger) on record. */
  readonly requireConsent?: RequiredConsent | null;
  /** Who asks for the text and by which way in: what a refusal goes on the audit trail with. */
  readonly origin: AttemptOrigin;
}

export interface SendSmsDeps extends CoreDeps {
  readonly telephony: Telephony;
  /** Where the carrier reports delivery progress (`{PUBLIC_URL}/twilio/sms/status`). */
  readonly smsStatusUrl: string;
  /** How long this process holds the send it queued before a worker may take it (SMS_SEND_LEASE). */
  readonly leaseMs: number;
  /** A refused text's `agent.message_failed` is encoded with it and sent at once after its commit. */
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger;
  /** Counts the texts the carrier took; absent: nobody counts. */
  readonly activity?: ServiceActivity;
}

/** How long a send is held by the process that queued it, unless configured otherwise. */
export const DEFAULT_SMS_SEND_LEASE_MS = 60_000;

export type SendSmsError = NotFound | BadRequest | ProviderError | IdempotencyRefused | ComplianceRefused;

/**
 * The text as sent, and what its sender should know: while the project has no approved A2P
 * 10DLC registration, a text from a 10-digit US number may be refused or filtered by carriers.
 */
export type SentSms = Message & { readonly registrationWarning: string | null };

/** A fresh text to send, or the first request's record when the key was used before; and the sending number's registration warning. */
type Stored = ({ readonly fresh: Message } | { readonly replay: IdempotencyKey }) & { readonly warning: string | null };

/** A text the compliance checks refused: only its audit record is committed. */
type Refused = { readonly refused: ComplianceRefused };

/**
 * Sends an agent's text. The message is stored `queued` on its thread together with its outbox
 * row (and the client's idempotency key) before the carrier is asked, so it is sent or marked
 * failed whatever happens next: this process sends it at once, and should it die first, a
 * worker does (OutboundTextSender). A carrier refusal (e.g. 30034, a US number without A2P 10DLC
 * registration) marks it `failed` and is reported as a ProviderError.
 *
 * The sending number must be a live number of the project attached to the agent: the reply
 * then lands in a thread of that same agent. A compliance refusal is committed to the audit
 * trail (with nothing else) before it is answered.
 */
export class SendSms {
  constructor(private readonly deps: SendSmsDeps) {}

  execute(input: SendSmsInput): TE.TaskEither<SendSmsError, SentSms> {
    return async () => {
      const stored = await retryingRaces(() => this.deps.uow.transaction((tx) => this.store(tx, input)));
      if (E.isLeft(stored)) return stored;
      if ('refused' in stored.right) return E.left(stored.right.refused);
      const { warning } = stored.right;
      if ('replay' in stored.right) return E.map((message: Message) => ({ ...message, registrationWarning: warning }))(await this.replay(stored.right.replay));
      const message = stored.right.fresh;
      let sent: SendOutcome;
      try {
        sent = await this.deps.telephony.sendSms(outboundSmsOf(message, this.deps.smsStatusUrl));
      } catch (error) {
        await settleText(this.deps, message, E.left({ _tag: 'ProviderError', message: 'carrier call failed', providerCode: null }));
        throw error;
      }
      const settled = await settleText(this.deps, message, sent);
      return E.isLeft(sent) ? E.left(providerError(sent.left)) : E.right({ ...settled, registrationWarning: warning });
    };
  }

  private async store(tx: Repositories, input: SendSmsInput): Promise<E.Either<NotFound | BadRequest | IdempotencyRefused, Stored | Refused>> {
    const key = input.idempotencyKey ?? null;
    const fingerprint = fingerprintOf(input);
    if (key !== null) {
      const first = await tx.idempotencyKeys.find(input.projectId, key);
      if (first && first.fingerprint !== fingerprint) {
        return E.left({
          _tag: 'IdempotencyRefused',
          reason: 'reused',
          message: `Idempotency-Key ${key} was already used with a different request; use a new key for a new message`,
        });
      }
      if (first) return E.right({ replay: first, warning: await this.replayWarning(tx, input.projectId, first.messageId) });
    }
    if (input.agentId !== null && !(await tx.agents.findById(input.projectId, input.agentId))) return E.left(notFound('agent', input.agentId));
    const number = await this.sendingNumber(tx, input);
    if (E.isLeft(number)) return number;
    const warning = registrationWarningFor(number.right, await tx.messagingRegistrations.find(input.projectId));
    const refused =
      (await suppressionRefusal(tx, input.projectId, input.to, 'sms')) ?? (await consentRefusal(tx, input.projectId, input.to, 'sms', input.requireConsent ?? null));
    if (refused) {
      await recordRefusal(tx, this.deps.ids, { projectId: input.projectId, phoneNumber: input.to, channel: 'sms', at: this.deps.clock.now(), origin: input.origin }, refused);
      return E.right({ refused });
    }
    const { message } = await appendToThread(tx, this.deps, number.right, input.to, {
      direction: 'outbound',
      body: input.body,
      fromNumber: number.right.phoneNumber,
      toNumber: input.to,
      status: 'queued',
      mediaUrls: input.mediaUrls,
      providerMessageId: null,
    });
    const now = this.deps.clock.now();
    await tx.outboundTexts.enqueue({ messageId: message.id, projectId: message.projectId, createdAt: now }, new Date(now.getTime() + this.deps.leaseMs));
    // Two first requests with one key: the second's insert waits for the first's commit and is
    // refused; retryingRaces runs it again, and it finds the key.
    if (key !== null) await tx.idempotencyKeys.insert({ projectId: input.projectId, key, fingerprint, messageId: message.id, createdAt: now, answer: null });
    return E.right({ fresh: message, warning });
  }

  /** The warning the first request answered with, as the registration stands now. */
  private async replayWarning(tx: Repositories, projectId: string, messageId: string): Promise<string | null> {
    const message = await tx.messages.findById(projectId, messageId);
    const number = message ? await tx.numbers.findById(projectId, message.phoneNumberId) : null;
    return number ? registrationWarningFor(number, await tx.messagingRegistrations.find(projectId)) : null;
  }

  /** What the key's first request answered; nothing yet while its send is under way. */
  private async replay(first: IdempotencyKey): Promise<E.Either<SendSmsError, Message>> {
    const answer = first.answer;
    if (answer === null) {
      return E.left({
        _tag: 'IdempotencyRefused',
        reason: 'in_progress',
        message: `A request with Idempotency-Key ${first.key} is still being processed; retry in a few seconds`,
      });
    }
    if (answer.kind === 'refused') return E.left(providerError({ _tag: 'ProviderError', message: answer.message, providerCode: answer.providerCode }));
    const read = await this.deps.uow.transaction(async (tx) => E.right(await tx.messages.findById(first.projectId, first.messageId)));
    const message = E.isRight(read) ? read.right : null;
    if (!message) return E.left(notFound('message', first.messageId));
    return E.right({ ...message, status: answer.status, providerMessageId: answer.providerMessageId, errorCode: answer.errorCode });
  }

  private async sendingNumber(tx: Repositories, input: SendSmsInput): Promise<E.Either<NotFound | BadRequest, PhoneNumber>> {
    if (input.numberId === null && input.fromNumber === null) {
      if (input.agentId === null) return E.left(badRequest('name the sender: an agent, or the number to send from'));
      const [first] = await tx.numbers.listByAgents([input.agentId]);
      return first
        ? E.right(first)
        : E.left(badRequest(`agent ${input.agentId} has no phone number to send from; attach a number to it first`));
    }
    const number =
      input.numberId !== null
        ? await tx.numbers.findById(input.projectId, input.numberId)
        : await tx.numbers.findLiveByPhoneNumber(input.fromNumber!);
    if (!number || number.projectId !== input.projectId) return E.left(notFound('number', input.numberId ?? input.fromNumber!));
    if (!isLive(number)) return E.left(badRequest(`number ${number.id} is released and cannot send messages`));
    if (input.agentId === null && number.agentId === null) {
      return E.left(badRequest(`number ${number.phoneNumber} is not attached to an agent; attach it to the agent that texts from it first`));
    }
    if (input.agentId !== null && number.agentId !== input.agentId) {
      return E.left(badRequest(`number ${number.phoneNumber} is not attached to agent ${input.agentId}; attach it first`));
    }
    return E.right(number);
  }
}

/** The request a key was first used with, in one canonical form (the key and project aside). */
const fingerprintOf = (input: SendSmsInput): string =>
  JSON.stringify([input.agentId, input.to, input.body, input.mediaUrls, input.numberId, input.fromNumber]);
