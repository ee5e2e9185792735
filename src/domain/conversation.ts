import * as E from 'fp-ts/lib/Either.js';
import type { E164 } from './e164.js';
import { invalidField, type InvalidField } from './errors.js';
import type { Message } from './message.js';
import type { PhoneNumber } from './phone-number.js';

/** Free-form customer metadata of a thread, handed to webhooks as `conversationState`. */
export type ConversationState = Readonly<Record<string, unknown>>;

const PREVIEW_LENGTH = 160;

/** The SMS thread between one of our numbers and one participant. */
export interface Conversation {
  readonly id: string;
  readonly projectId: string;
  /** The agent of the number; null when the number has none or the agent was deleted. */
  readonly agentId: string | null;
  readonly phoneNumberId: string;
  /** Our side of the thread. */
  readonly phoneNumber: E164;
  /** Their side. */
  readonly participant: E164;
  readonly channel: 'sms';
  readonly lastMessageAt: Date;
  readonly lastMessagePreview: string;
  readonly messageCount: number;
  readonly state: ConversationState | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A new, empty thread of `number` with `participant`, owned by the number's agent. */
export const startConversation = (props: {
  id: string;
  number: PhoneNumber;
  participant: E164;
  now: Date;
}): Conversation => ({
  id: props.id,
  projectId: props.number.projectId,
  agentId: props.number.agentId,
  phoneNumberId: props.number.id,
  phoneNumber: props.number.phoneNumber,
  participant: props.participant,
  channel: 'sms',
  lastMessageAt: props.now,
  lastMessagePreview: '',
  messageCount: 0,
  state: null,
  createdAt: props.now,
  updatedAt: props.now,
});

/** Counts a new message of the thread; the thread follows its number's current agent. */
export const recordMessage = (conversation: Conversation, message: Message, agentId: string | null): Conversation => {
  const newest = message.receivedAt.getTime() >= conversation.lastMessageAt.getTime() || conversation.messageCount === 0;
  return {
    ...conversation,
    agentId,
    lastMessageAt: newest ? message.receivedAt : conversation.lastMessageAt,
    lastMessagePreview: newest ? message.body.slice(0, PREVIEW_LENGTH) : conversation.lastMessagePreview,
    messageCount: conversation.messageCount + 1,
    updatedAt: message.receivedAt,
  };
};

const isPlainObject = (value: unknown): value is ConversationState =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces the metadata; null clears it. Anything but an object or null is refused. */
export const replaceState = (conversation: Conversation, state: unknown, now: Date): E.Either<InvalidField, Conversation> =>
  state === null || isPlainObject(state)
    ? E.right({ ...conversation, state, updatedAt: now })
    : E.left(invalidField('state', 'must be a JSON object or null'));
