import type { Contact } from '../../domain/contact.js';
import type { Conversation } from '../../domain/conversation.js';
import type { E164 } from '../../domain/e164.js';
import type { Message } from '../../domain/message.js';
import type { PageRequest } from './pagination.js';

/**
 * A window of a message list: newest first, `receivedAt < before` and `receivedAt > after`
 * when given. A client continues with `before` = the receivedAt of the oldest item.
 */
export interface MessageCursor {
  readonly limit: number;
  readonly before: Date | null;
  readonly after: Date | null;
}

export interface MessageSlice {
  /** Newest first. */
  readonly items: readonly Message[];
  /** True when the window holds more (older) messages beyond these. */
  readonly hasMore: boolean;
}

/** A thread's identity: our number and the participant. */
export interface ThreadKey {
  readonly phoneNumberId: string;
  readonly participant: E164;
}

/** What a new message of a thread needs to read, under the number's lock. */
export interface ThreadAndLatest {
  /** The thread of the number with the participant, as {@link ConversationRepository.findByThread}. */
  readonly conversation: Conversation | null;
  /** The number's newest receivedAt, as {@link MessageRepository.latestReceivedAt}. */
  readonly latestReceivedAt: Date | null;
  /** The thread's newest messages, newest first, as many as asked for (none without a thread). */
  readonly recent: readonly Message[];
  /** The participant's contact in the number's project, or null (every text's event names it). */
  readonly contact: Contact | null;
}

/** Which threads a conversation list shows (see ConversationPageQuery): the project's, or only one agent's. */
export interface ConversationListQuery extends PageRequest {
  readonly agentId: string | null;
}

/** Part of `Repositories` (as `conversations`). */
export interface ConversationRepository {
  findById(projectId: string, id: string): Promise<Conversation | null>;
  /** The one thread of this number with this participant. */
  findByThread(phoneNumberId: string, participant: E164): Promise<Conversation | null>;
  /**
   * findByThread, the number's latest receivedAt and the thread's `recent` newest messages, for
   * several threads in one read (every text needs them): one answer per key, in the order of
   * `threads`.
   */
  findThreadsAndLatest(threads: readonly ThreadKey[], recent: number): Promise<readonly ThreadAndLatest[]>;
  /** Throws DuplicateKey when the number already has a thread with the participant. */
  save(conversation: Conversation): Promise<void>;
  /** {@link save} for several conversations (distinct ids) at once; all or none. */
  saveAll(conversations: readonly Conversation[]): Promise<void>;
  /** Sets agentId to null on every conversation of the agent. */
  detachAgent(agentId: string): Promise<void>;
}

/** Part of `Repositories` (as `messages`). */
export interface MessageRepository {
  findById(projectId: string, id: string): Promise<Message | null>;
  /** Carrier ids are unique across every project. */
  findByProviderMessageId(providerMessageId: string): Promise<Message | null>;
  /** The stored messages with any of these carrier ids, in no particular order. */
  findByProviderMessageIds(providerMessageIds: readonly string[]): Promise<readonly Message[]>;
  /**
   * Holds these numbers' message streams until the unit of work ends: concurrent writers to one
   * number take turns, so each reads the newest receivedAt the other committed. The locks are
   * taken in one order whatever the order given, so two units of work that lock overlapping
   * sets wait for each other and never deadlock.
   */
  lockNumbers(phoneNumberIds: readonly string[]): Promise<void>;
  /** The receivedAt of the number's newest message, or null when it has none. */
  latestReceivedAt(phoneNumberId: string): Promise<Date | null>;
  listByConversation(conversationId: string, cursor: MessageCursor): Promise<MessageSlice>;
  /**
   * Throws DuplicateKey when another message has the same providerMessageId, or the same
   * receivedAt on the same number.
   */
  save(message: Message): Promise<void>;
  /** {@link save} for several messages (distinct ids) at once; all or none. */
  saveAll(messages: readonly Message[]): Promise<void>;
  /**
   * The threads (as ConversationRepository.saveAll) and their messages (as {@link saveAll}) in
   * one write, all or none: every batch of texts stores both.
   */
  saveWithThreads(conversations: readonly Conversation[], messages: readonly Message[]): Promise<void>;
}
