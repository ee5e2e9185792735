import type { MessageSlice } from '../../../application/ports/messaging-repositories.js';
import type { Message } from '../../../domain/message.js';

export const messageView = (message: Message) => ({
  id: message.id,
  conversationId: message.conversationId,
  body: message.body,
  fromNumber: message.fromNumber,
  toNumber: message.toNumber,
  direction: message.direction,
  channel: message.channel,
  status: message.status,
  mediaUrls: message.mediaUrls,
  receivedAt: message.receivedAt.toISOString(),
  providerMessageId: message.providerMessageId,
});

/**
 * `GET /v1/numbers/{id}/messages` items also carry the public client's `from` and `to`, and
 * `from_`: the `agentphone` client's MessageResponse names the sender so (a Python-side name).
 */
export const numberMessageView = (message: Message) => ({
  ...messageView(message),
  from: message.fromNumber,
  from_: message.fromNumber,
  to: message.toNumber,
});

/** The cursor lists' envelope: no `total`. */
export const messageSliceView = <B>(slice: MessageSlice, view: (message: Message) => B) => ({
  data: slice.items.map(view),
  hasMore: slice.hasMore,
});

/** `POST /v1/messages` answers in snake_case. */
export const sentMessageView = (message: Message) => ({
  id: message.id,
  status: message.status,
  channel: message.channel,
  from_number: message.fromNumber,
  to_number: message.toNumber,
  conversation_id: message.conversationId,
});
