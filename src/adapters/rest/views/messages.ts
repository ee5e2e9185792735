import * as t from 'io-ts';
import type { MessageSlice } from '../../../application/ports/messaging-repositories.js';
import type { Message, MessageDirection, MessageStatus } from '../../../domain/message.js';
import { e164, isoDateTime, isoInstant, nullable, valuesOf, type Wire } from './schema.js';

const MessageStatusView = valuesOf<MessageStatus>({ received: null, queued: null, sent: null, delivered: null, failed: null });

const messageFields = {
  id: t.string,
  conversationId: t.string,
  body: t.string,
  fromNumber: e164,
  toNumber: e164,
  direction: valuesOf<MessageDirection>({ inbound: null, outbound: null }),
  channel: t.literal('sms'),
  status: MessageStatusView,
  mediaUrls: t.readonlyArray(t.string),
  receivedAt: isoDateTime,
  providerMessageId: nullable(t.string),
};

export const MessageView = t.strict(messageFields, 'Message');

/**
 * `GET /v1/numbers/{id}/messages` items also carry the public client's `from` and `to`, and
 * `from_`: the `agentphone` client's MessageResponse names the sender so (a Python-side name).
 */
export const NumberMessageView = t.strict({ ...messageFields, from: e164, from_: e164, to: e164 }, 'NumberMessage');

/** The cursor lists' envelope: no `total`. */
export const messageSliceOf = <C extends t.Mixed>(item: C) => t.strict({ data: t.array(item), hasMore: t.boolean });

/** `POST /v1/messages` answers in snake_case. */
/** AgentPhone's answer to a send; `warning` only while the sending number lacks an approved A2P 10DLC registration. */
export const SentMessageView = t.exact(t.intersection([
  t.type({
    id: t.string,
    status: MessageStatusView,
    channel: t.literal('sms'),
    from_number: e164,
    to_number: e164,
    conversation_id: t.string,
  }),
  /** `unsupported`: arguments accepted but not carried by an SMS (iMessage's `reply_to_message_id`, `send_style`). */
  t.partial({ warning: t.string, unsupported: t.array(t.string) }),
]), 'SentMessage');

export const messageView = (message: Message): Wire<typeof MessageView> => ({
  id: message.id,
  conversationId: message.conversationId,
  body: message.body,
  fromNumber: message.fromNumber,
  toNumber: message.toNumber,
  direction: message.direction,
  channel: message.channel,
  status: message.status,
  mediaUrls: message.mediaUrls,
  receivedAt: isoInstant(message.receivedAt),
  providerMessageId: message.providerMessageId,
});

export const numberMessageView = (message: Message): Wire<typeof NumberMessageView> => ({
  ...messageView(message),
  from: message.fromNumber,
  from_: message.fromNumber,
  to: message.toNumber,
});

export const messageSliceView = <B>(slice: MessageSlice, view: (message: Message) => B) => ({
  data: slice.items.map(view),
  hasMore: slice.hasMore,
});

export const sentMessageView = (message: Message & { readonly registrationWarning?: string | null }, unsupported: readonly string[] = []): Wire<typeof SentMessageView> => ({
  id: message.id,
  status: message.status,
  channel: message.channel,
  from_number: message.fromNumber,
  to_number: message.toNumber,
  conversation_id: message.conversationId,
  ...(message.registrationWarning ? { warning: message.registrationWarning } : {}),
  ...(unsupported.length ? { unsupported: [...unsupported] } : {}),
});
