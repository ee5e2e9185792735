import { trustE164 } from '../../domain/e164.js';
import type { Message, MessageDirection, MessageStatus } from '../../domain/message.js';
import type { MessageRow } from './entities/message.js';
import { decodeColumn, MediaUrlsJson } from './json-columns.js';

// A file of their own: the conversation repository reads messages with its threads, and the
// message repository writes threads with its messages; each imports the other's mapping from here
// and the conversation repository, never in a circle.

/**
 * The one mapping of a stored row to the domain. Native reads (findRow/findPage/selectRows in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later is added to the schema and
 * here, nowhere else.
 */
export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  projectId: row.projectId,
  conversationId: row.conversationId,
  phoneNumberId: row.phoneNumberId,
  direction: row.direction as MessageDirection,
  channel: 'sms',
  body: row.body,
  fromNumber: trustE164(row.fromNumber),
  toNumber: trustE164(row.toNumber),
  status: row.status as MessageStatus,
  mediaUrls: decodeColumn(MediaUrlsJson, row.mediaUrls, 'messages', 'media_urls', row.id),
  providerMessageId: row.providerMessageId,
  errorCode: row.errorCode,
  receivedAt: row.receivedAt,
});

export const toMessageRow = (message: Message): MessageRow => ({
  id: message.id,
  projectId: message.projectId,
  conversationId: message.conversationId,
  phoneNumberId: message.phoneNumberId,
  direction: message.direction,
  channel: message.channel,
  body: message.body,
  fromNumber: message.fromNumber,
  toNumber: message.toNumber,
  status: message.status,
  mediaUrls: [...message.mediaUrls],
  providerMessageId: message.providerMessageId,
  errorCode: message.errorCode,
  receivedAt: message.receivedAt,
});
