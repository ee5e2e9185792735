import type { MessageCursor, MessageSlice } from '../../application/ports/messaging-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { ConversationDetail, ConversationQuery } from '../../application/queries/conversation-query.js';
import type { LedgerQuery } from '../../application/queries/ledger-query.js';
import type { NumberMessagesQuery } from '../../application/queries/number-messages-query.js';
import type { WebhookListQuery } from '../../application/queries/webhook-list-query.js';
import type { Webhook } from '../../domain/webhook.js';
import type { LedgerEntry } from '../../domain/ledger.js';
import { toMessage } from './message-rows.js';
import { toConversation } from './mikro-orm-conversation-repository.js';
import { toLedgerEntry } from './mikro-orm-ledger-repository.js';
import { toWebhook } from './mikro-orm-webhook-repository.js';
import type { ReadSession } from './read-session.js';
import { anyConversationDetail, ledgerList, ledgerProject, numberWindow, projectConversationDetail, projectWebhooks, type ConversationDetailRow } from './read-statements/index.js';

const detailOf = (row: ConversationDetailRow | undefined): ConversationDetail | null =>
  row === undefined ? null : { conversation: toConversation(row.conversation), messages: row.messages.map(toMessage) };

/** A conversation with its newest messages, in one statement. */
export class MikroOrmConversationQuery implements ConversationQuery {
  constructor(private readonly reads: ReadSession) {}

  async withRecentMessages(projectId: string, conversationId: string, limit: number): Promise<ConversationDetail | null> {
    return detailOf((await this.reads.run(projectConversationDetail, { projectId, conversationId, limit }))[0]);
  }

  async inAnyProject(conversationId: string, limit: number): Promise<ConversationDetail | null> {
    return detailOf((await this.reads.run(anyConversationDetail, { conversationId, limit }))[0]);
  }
}

/** A number's messages: the number's row left-joined to its window, so one statement tells both. */
export class MikroOrmNumberMessagesQuery implements NumberMessagesQuery {
  constructor(private readonly reads: ReadSession) {}

  async window(projectId: string, numberId: string, cursor: MessageCursor): Promise<MessageSlice | null> {
    const rows = await this.reads.run(numberWindow(cursor.before !== null, cursor.after !== null), {
      projectId,
      numberId,
      before: cursor.before,
      after: cursor.after,
      limit: cursor.limit + 1,
    });
    if (rows.length === 0) return null;
    const messages = rows.flatMap((row) => (row === null ? [] : [row]));
    return { items: messages.slice(0, cursor.limit).map(toMessage), hasMore: messages.length > cursor.limit };
  }
}

/** A project's ledger: a page with rows says the project is there; only an empty one asks. */
export class MikroOrmLedgerQuery implements LedgerQuery {
  constructor(private readonly reads: ReadSession) {}

  async page(projectId: string, page: PageRequest): Promise<Page<LedgerEntry> | null> {
    const rows = await this.reads.run(ledgerList.page, { projectId, limit: page.limit, offset: page.offset });
    const [first] = rows;
    if (first !== undefined) return { items: rows.map((row) => toLedgerEntry(row.row)), total: first.total };
    const [project] = await this.reads.run(ledgerProject, { projectId });
    return project?.found ? { items: [], total: project.total } : null;
  }
}

/** A project's webhooks for the operator, in one statement. */
export class MikroOrmWebhookListQuery implements WebhookListQuery {
  constructor(private readonly reads: ReadSession) {}

  async ofProject(projectId: string): Promise<readonly Webhook[]> {
    return (await this.reads.run(projectWebhooks, { projectId })).map(toWebhook);
  }
}
