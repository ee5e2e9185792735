import type { Contact } from '../../../domain/contact.js';
import { recordMessage, startConversation, type Conversation } from '../../../domain/conversation.js';
import type { E164 } from '../../../domain/e164.js';
import { nextReceivedAt, type Message } from '../../../domain/message.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { Repositories } from '../../ports/repositories.js';

export type MessageDraft = Pick<
  Message,
  'direction' | 'body' | 'fromNumber' | 'toNumber' | 'status' | 'mediaUrls' | 'providerMessageId'
>;

/** One message for {@link appendToThreads}: the thread of `number` with `participant`. */
export interface ThreadEntry {
  readonly number: PhoneNumber;
  readonly participant: E164;
  readonly draft: MessageDraft;
}

export interface AppendedMessage {
  /** The thread as it stands right after this message (later messages of the batch not counted). */
  readonly conversation: Conversation;
  readonly message: Message;
  /** The thread's messages before this one, newest first, as many as asked for. */
  readonly before: readonly Message[];
  /** The participant's contact in the number's project, read with the thread. */
  readonly contact: Contact | null;
}

const threadKey = (phoneNumberId: string, participant: string): string => `${phoneNumberId} ${participant}`;

/**
 * Stores each message on the thread of its number with its participant, starting threads
 * that do not exist, in the order given; the answers follow that order. Threads follow their
 * number's current agent. The caller holds the numbers' locks (`messages.lockNumbers`):
 * `receivedAt` is made distinct per number (see `nextReceivedAt`) under them, so it is a safe
 * cursor.
 *
 * Each step is one read or write for the whole batch: a batch of texts costs about what one
 * text does (the inbound path commits texts in groups). With each message come up to `history`
 * messages of its thread before it (the stored ones, then those of the batch).
 */
export const appendToThreads = async (
  tx: Repositories,
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  entries: readonly ThreadEntry[],
  history = 0,
): Promise<readonly AppendedMessage[]> => {
  if (entries.length === 0) return [];
  const now = deps.clock.now();
  const keys = [...new Map(entries.map((e) => [threadKey(e.number.id, e.participant), { phoneNumberId: e.number.id, participant: e.participant }])).values()];
  const found = await tx.conversations.findThreadsAndLatest(keys, history);
  const threads = new Map<string, Conversation | null>();
  const latest = new Map<string, Date | null>();
  /** Each thread's newest messages, newest first, the batch's own put in front as they come. */
  const recent = new Map<string, readonly Message[]>();
  const contacts = new Map<string, Contact | null>();
  keys.forEach((key, i) => {
    contacts.set(threadKey(key.phoneNumberId, key.participant), found[i]!.contact);
    threads.set(threadKey(key.phoneNumberId, key.participant), found[i]!.conversation);
    latest.set(key.phoneNumberId, found[i]!.latestReceivedAt);
    recent.set(threadKey(key.phoneNumberId, key.participant), found[i]!.recent);
  });
  const appended = entries.map(({ number, participant, draft }) => {
    const key = threadKey(number.id, participant);
    const thread = threads.get(key) ?? startConversation({ id: deps.ids.next('conv'), number, participant, now });
    const message: Message = {
      ...draft,
      id: deps.ids.next('msg'),
      projectId: number.projectId,
      conversationId: thread.id,
      phoneNumberId: number.id,
      channel: 'sms',
      errorCode: null,
      receivedAt: nextReceivedAt(now, latest.get(number.id) ?? null),
    };
    const conversation = recordMessage(thread, message, number.agentId);
    const before = recent.get(key) ?? [];
    threads.set(key, conversation);
    latest.set(number.id, message.receivedAt);
    recent.set(key, [message, ...before].slice(0, history));
    return { conversation, message, before, contact: contacts.get(key) ?? null };
  });
  // The threads first: message rows refer to them. Each thread once, as the batch left it.
  await tx.messages.saveWithThreads(
    [...new Map(appended.map(({ conversation }) => [conversation.id, conversation])).values()],
    appended.map(({ message }) => message),
  );
  return appended;
};

/** {@link appendToThreads} for one message, under its number's lock. */
export const appendToThread = async (
  tx: Repositories,
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  number: PhoneNumber,
  participant: E164,
  draft: MessageDraft,
): Promise<AppendedMessage> => {
  await tx.messages.lockNumbers([number.id]);
  return (await appendToThreads(tx, deps, [{ number, participant, draft }]))[0]!;
};
