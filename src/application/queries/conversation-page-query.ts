import type { Conversation } from '../../domain/conversation.js';
import type { ConversationListQuery } from '../ports/messaging-repositories.js';
import type { Page, PageRequest } from '../ports/pagination.js';
import type { ReadVersion, Versioned } from '../ports/read-version.js';

/** A page of threads with the version it was read at. */
export type ConversationListPage = Page<Conversation> & Versioned;

/** The project's threads, newest lastMessageAt first: the conversation list's read side. */
export interface ConversationPageQuery {
  page(projectId: string, page: PageRequest): Promise<ConversationListPage>;
  /**
   * {@link page} of one agent's threads only, read with the agent itself: null when the project has
   * no such agent (an agent without threads gives an empty page). The total is right past the end too.
   */
  agentPage(projectId: string, query: ConversationListQuery & { readonly agentId: string }): Promise<ConversationListPage | null>;
  /**
   * The version (see ReadVersion) of what {@link page} answers for the same query, or with an
   * `agentId` {@link agentPage}: it changes with any write to a listed thread, with the page's
   * rows and the total, and with the agent's being there or not.
   */
  version(projectId: string, query: ConversationListQuery): Promise<ReadVersion>;
}
