import type { ConversationListQuery } from '../../application/ports/messaging-repositories.js';
import type { PageRequest } from '../../application/ports/pagination.js';
import type { ReadVersion } from '../../application/ports/read-version.js';
import type { ConversationListPage, ConversationPageQuery } from '../../application/queries/conversation-page-query.js';
import { toConversation } from './mikro-orm-conversation-repository.js';
import type { ReadSession } from './read-session.js';
import {
  agentConversationPage,
  agentConversationsVersion,
  projectConversationPage,
  projectConversationsVersion,
  type ConversationPageRow,
} from './read-statements/index.js';

const pageOf = (rows: readonly ConversationPageRow[], first: ConversationPageRow): ConversationListPage => ({
  items: rows.flatMap((row) => (row.conversation === null ? [] : [toConversation(row.conversation)])),
  total: first.total,
  version: first.version,
});

export class MikroOrmConversationPageQuery implements ConversationPageQuery {
  constructor(private readonly reads: ReadSession) {}

  /**
   * The page with, beside each row, the total and the page's version, in one statement. An empty
   * page has no row to carry them: then, and only then, a second statement takes the version,
   * which starts with the total.
   */
  async page(projectId: string, page: PageRequest): Promise<ConversationListPage> {
    const rows = await this.reads.run(projectConversationPage, { projectId, agentId: null, limit: page.limit, offset: page.offset });
    const [first] = rows;
    if (first === undefined) {
      const version = await this.version(projectId, { ...page, agentId: null });
      return { items: [], total: Number.parseInt(version, 10), version };
    }
    return pageOf(rows, first);
  }

  /** The agent's row left-joined to the page of its threads: no row, no agent. */
  async agentPage(projectId: string, query: ConversationListQuery & { readonly agentId: string }): Promise<ConversationListPage | null> {
    const rows = await this.reads.run(agentConversationPage, { projectId, agentId: query.agentId, limit: query.limit, offset: query.offset });
    const [first] = rows;
    return first === undefined ? null : pageOf(rows, first);
  }

  async version(projectId: string, query: ConversationListQuery): Promise<ReadVersion> {
    const statement = query.agentId === null ? projectConversationsVersion : agentConversationsVersion;
    const [version] = await this.reads.run(statement, { projectId, agentId: query.agentId, limit: query.limit, offset: query.offset });
    return version!;
  }
}
