import type { E164 } from './e164.js';

export type MessageDirection = 'inbound' | 'outbound';
export type MessageChannel = 'sms';
export type MessageStatus = 'received' | 'queued' | 'sent' | 'delivered' | 'failed';

/**
 * The longest text either way, in characters (UTF-16 code units, as JavaScript counts them):
 * Twilio's own limit for one concatenated message, whose error 21617 refuses a longer one.
 */
export const MAX_SMS_BODY = 1600;

/** Why `body` cannot be a text, or null. */
export const smsBodyProblem = (body: string): string | null =>
  body.length > MAX_SMS_BODY ? `must be at most ${MAX_SMS_BODY} characters, the carrier's limit for one text (Twilio error 21617)` : null;

/** One SMS of a conversation, either way. */
export interface Message {
  readonly id: string;
  readonly projectId: string;
  readonly conversationId: string;
  /** Our number the message went through (kept when the number is released). */
  readonly phoneNumberId: string;
  readonly direction: MessageDirection;
  readonly channel: MessageChannel;
  readonly body: string;
  readonly fromNumber: E164;
  readonly toNumber: E164;
  readonly status: MessageStatus;
  readonly mediaUrls: readonly string[];
  /** The carrier's id (Twilio's `SM…` sid); null until the carrier accepted an outbound message. */
  readonly providerMessageId: string | null;
  /** The carrier's error code when the message failed. */
  readonly errorCode: string | null;
  /**
   * When the message entered the service, to the millisecond, and the cursor of message lists.
   * Strictly increasing per number (hence per conversation): see {@link nextReceivedAt}.
   */
  readonly receivedAt: Date;
}

/**
 * The receivedAt of a new message of a number whose newest message is `latest`: now, or one
 * millisecond after `latest` when now would tie it (or fall before it, clocks being clocks).
 * Distinct values make `receivedAt` a cursor that neither loses nor repeats an item.
 */
export const nextReceivedAt = (now: Date, latest: Date | null): Date =>
  latest !== null && now.getTime() <= latest.getTime() ? new Date(latest.getTime() + 1) : new Date(now.getTime());

// Outbound progress only moves forwards; delivered and failed are final. An inbound message
// is `received` for good.
const RANK: Readonly<Record<MessageStatus, number>> = { queued: 0, sent: 1, delivered: 2, failed: 2, received: 2 };
const FINAL: ReadonlySet<MessageStatus> = new Set(['received', 'delivered', 'failed']);

/**
 * Applies a carrier's status report. Reports arrive out of order: one that would move the
 * message backwards (a late `sent` after `delivered`) or out of a final state is ignored.
 */
export const advanceStatus = (message: Message, status: MessageStatus, errorCode: string | null = null): Message => {
  if (FINAL.has(message.status) || status === 'received' || RANK[status] <= RANK[message.status]) return message;
  return { ...message, status, errorCode: status === 'failed' ? errorCode ?? message.errorCode : message.errorCode };
};

/** The carrier accepted an outbound message: its id, and how far it already got. */
export const acceptedByCarrier = (
  message: Message,
  providerMessageId: string,
  status: MessageStatus,
  errorCode: string | null = null,
): Message => {
  const advanced = advanceStatus(message, status, errorCode);
  return advanced.providerMessageId === providerMessageId ? advanced : { ...advanced, providerMessageId };
};
