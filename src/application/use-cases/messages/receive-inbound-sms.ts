import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Conversation } from '../../../domain/conversation.js';
import type { E164 } from '../../../domain/e164.js';
import type { Message } from '../../../domain/message.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { notFound, type AppError } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import type { HostedReplies } from '../../services/hosted-sms-responder.js';
import type { CoreDeps } from '../shared/deps.js';
import { endpointFor, queueWebhookEvent } from '../webhooks/queue-webhook-event.js';
import { inboundSmsEvent } from './message-event.js';
import { appendToThread, retryingRaces } from './thread.js';

export interface InboundSms {
  /** Our number. */
  readonly to: E164;
  /** The participant. */
  readonly from: E164;
  readonly body: string;
  readonly mediaUrls: readonly string[];
  /** The carrier's id (Twilio's `MessageSid`); a second delivery of the same id is stored once. */
  readonly providerMessageId: string | null;
}

export interface ReceivedSms {
  readonly message: Message;
  readonly conversation: Conversation;
  /** True when the carrier id was already stored: nothing new was stored or queued. */
  readonly duplicate: boolean;
}

export interface ReceiveInboundSmsDeps extends CoreDeps {
  readonly deliveryTrigger: DeliveryTrigger;
  /** Answers texts to hosted agents, after the text is committed; none: texts are only stored and queued. */
  readonly hostedReplies?: HostedReplies;
}

/**
 * A text to one of our live numbers: stored on the thread of (number, sender), and in the
 * same unit of work the `agent.message` event queued for the agent's webhook or the account
 * default. Receiving needs no carrier registration (10DLC only concerns sending).
 */
export class ReceiveInboundSms {
  constructor(private readonly deps: ReceiveInboundSmsDeps) {}

  execute(input: InboundSms): TE.TaskEither<AppError, ReceivedSms> {
    return async () => {
      const result = await retryingRaces((attempt) => this.deps.uow.transaction((tx) => this.receive(tx, input, attempt > 1)));
      if (E.isRight(result) && result.right.queued) this.deps.deliveryTrigger.poke();
      if (E.isRight(result) && result.right.hosted) {
        const { message } = result.right.received;
        this.deps.hostedReplies?.replyTo({ projectId: message.projectId, conversationId: message.conversationId, messageId: message.id });
      }
      return E.map(({ received }: { received: ReceivedSms }) => received)(result);
    };
  }

  /**
   * The carrier id's unique index is what keeps a second copy out. A first attempt stores
   * without looking it up (one round trip less on every text); a copy already stored makes its
   * message insert fail (DuplicateKey), the unit of work rolls back and `retryingRaces` runs it
   * again with `lookFirst`, which answers with the stored message as before.
   */
  private async receive(
    tx: Repositories,
    input: InboundSms,
    lookFirst: boolean,
  ): Promise<E.Either<AppError, { received: ReceivedSms; queued: boolean; hosted: boolean }>> {
    const duplicate = async () => (input.providerMessageId === null ? null : this.alreadyStored(tx, input.providerMessageId));
    if (lookFirst) {
      const stored = await duplicate();
      if (stored) return E.right({ received: stored, queued: false, hosted: false });
    }
    const live = await tx.numbers.findLiveWithAgentMode(input.to);
    if (!live) {
      // A copy of a text to a number released since is still answered with what was stored.
      const stored = lookFirst ? null : await duplicate();
      return stored ? E.right({ received: stored, queued: false, hosted: false }) : E.left(notFound('number', input.to));
    }
    const { number } = live;
    const { conversation, message } = await appendToThread(tx, this.deps, number, input.from, {
      direction: 'inbound',
      body: input.body,
      fromNumber: input.from,
      toNumber: number.phoneNumber,
      status: 'received',
      mediaUrls: input.mediaUrls,
      providerMessageId: input.providerMessageId,
    });
    const queued = await this.queueEvent(tx, number, conversation, message);
    // The thread follows the number's agent (conversation.agentId is number.agentId), read with the number.
    return E.right({ received: { message, conversation, duplicate: false }, queued, hosted: live.agentVoiceMode === 'hosted' });
  }

  private async alreadyStored(tx: Repositories, providerMessageId: string): Promise<ReceivedSms | null> {
    const message = await tx.messages.findByProviderMessageId(providerMessageId);
    const conversation = message && (await tx.conversations.findById(message.projectId, message.conversationId));
    return message && conversation ? { message, conversation, duplicate: true } : null;
  }

  private async queueEvent(
    tx: Repositories,
    number: PhoneNumber,
    conversation: Conversation,
    message: Message,
  ): Promise<boolean> {
    const webhook = await endpointFor(tx, conversation.projectId, conversation.agentId);
    if (!webhook) return false;
    const history =
      webhook.contextLimit > 0
        ? await tx.messages.listByConversation(conversation.id, {
            limit: webhook.contextLimit,
            before: message.receivedAt,
            after: null,
          })
        : { items: [] };
    const event = inboundSmsEvent({
      message,
      conversation,
      number,
      contact: await tx.contacts.findByPhoneNumber(conversation.projectId, message.fromNumber),
      history: [...history.items].reverse(),
      now: this.deps.clock.now(),
    });
    await queueWebhookEvent(tx, this.deps, webhook, event);
    return true;
  }
}
