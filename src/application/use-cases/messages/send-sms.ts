import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { E164 } from '../../../domain/e164.js';
import { acceptedByCarrier, advanceStatus, type Message } from '../../../domain/message.js';
import { isLive, type PhoneNumber } from '../../../domain/phone-number.js';
import { badRequest, notFound, providerError, type BadRequest, type NotFound, type ProviderError } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';
import type { ProviderFailure, SentSms, Telephony } from '../../ports/telephony.js';
import type { CoreDeps } from '../common/deps.js';
import { retryingRaces } from '../common/uniqueness-races.js';
import { appendToThread } from './thread.js';

export interface SendSmsInput {
  readonly projectId: string;
  readonly agentId: string;
  readonly to: E164;
  readonly body: string;
  readonly mediaUrls: readonly string[];
  /** The sending number by id; wins over `fromNumber`. */
  readonly numberId: string | null;
  /** The sending number by value. Neither given: the agent's first number. */
  readonly fromNumber: E164 | null;
}

export interface SendSmsDeps extends CoreDeps {
  readonly telephony: Telephony;
  /** Where the carrier reports delivery progress (`{PUBLIC_URL}/twilio/sms/status`). */
  readonly smsStatusUrl: string;
}

export type SendSmsError = NotFound | BadRequest | ProviderError;

/**
 * Sends an agent's text. The message is stored `queued` on its thread before the carrier is
 * asked, so it exists whatever happens next; a carrier refusal (e.g. 30034, a US number
 * without A2P 10DLC registration) marks it `failed` and is reported as a ProviderError.
 *
 * The sending number must be a live number of the project attached to the agent: the reply
 * then lands in a thread of that same agent.
 */
export class SendSms {
  constructor(private readonly deps: SendSmsDeps) {}

  execute(input: SendSmsInput): TE.TaskEither<SendSmsError, Message> {
    return async () => {
      const stored = await retryingRaces(() => this.deps.uow.transaction((tx) => this.store(tx, input)));
      if (E.isLeft(stored)) return stored;
      const { message, number } = stored.right;
      let sent: E.Either<ProviderFailure, SentSms>;
      try {
        sent = await this.deps.telephony.sendSms({
          from: number.phoneNumber,
          to: input.to,
          body: input.body,
          mediaUrls: input.mediaUrls,
          // Our own ids ride along: the first report can arrive before the carrier's id is saved.
          statusCallbackUrl: `${this.deps.smsStatusUrl}?${new URLSearchParams({ projectId: message.projectId, messageId: message.id })}`,
        });
      } catch (error) {
        await this.settle(message, E.left({ _tag: 'ProviderError', message: 'carrier call failed', providerCode: null }));
        throw error;
      }
      const settled = await this.settle(message, sent);
      if (E.isLeft(sent)) {
        return E.left(providerError(sent.left));
      }
      return E.right(settled);
    };
  }

  private async store(
    tx: Repositories,
    input: SendSmsInput,
  ): Promise<E.Either<NotFound | BadRequest, { message: Message; number: PhoneNumber }>> {
    const agent = await tx.agents.findById(input.projectId, input.agentId);
    if (!agent) return E.left(notFound('agent', input.agentId));
    const number = await this.sendingNumber(tx, input);
    if (E.isLeft(number)) return number;
    const { message } = await appendToThread(tx, this.deps, number.right, input.to, {
      direction: 'outbound',
      body: input.body,
      fromNumber: number.right.phoneNumber,
      toNumber: input.to,
      status: 'queued',
      mediaUrls: input.mediaUrls,
      providerMessageId: null,
    });
    return E.right({ message, number: number.right });
  }

  private async sendingNumber(tx: Repositories, input: SendSmsInput): Promise<E.Either<NotFound | BadRequest, PhoneNumber>> {
    if (input.numberId === null && input.fromNumber === null) {
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
    if (number.agentId !== input.agentId) {
      return E.left(badRequest(`number ${number.phoneNumber} is not attached to agent ${input.agentId}; attach it first`));
    }
    return E.right(number);
  }

  /** Records the carrier's answer on the stored message: accepted (with its id) or failed. */
  private async settle(message: Message, sent: E.Either<ProviderFailure, SentSms>): Promise<Message> {
    const settled = await this.deps.uow.transaction(async (tx) => {
      const current = (await tx.messages.findById(message.projectId, message.id)) ?? message;
      const updated = E.isRight(sent)
        ? acceptedByCarrier(current, sent.right.providerMessageId, sent.right.status)
        : advanceStatus(current, 'failed', sent.left.providerCode);
      await tx.messages.save(updated);
      return E.right(updated);
    });
    return E.isRight(settled) ? settled.right : message;
  }
}
