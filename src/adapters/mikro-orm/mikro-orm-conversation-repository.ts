import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  ConversationListPage,
  ConversationListQuery,
  ConversationRepository,
  ThreadAndLatest,
  ThreadKey,
} from '../../application/ports/messaging-repositories.js';
import type { PageRequest } from '../../application/ports/pagination.js';
import type { ReadVersion } from '../../application/ports/read-version.js';
import type { Conversation } from '../../domain/conversation.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import { ConversationSchema, type ConversationRow } from './entities/conversation.js';
import { ContactSchema } from './entities/contact.js';
import { MessageSchema } from './entities/message.js';
import { decodeColumn, FreeFormJson } from './json-columns.js';
import { toContact } from './mikro-orm-contact-repository.js';
import { toMessage } from './message-rows.js';
import { runSelect } from './native-select.js';
import { dateOf, findRow, fromColumns, selectListOf, updateRows, upsertRowsNative } from './storage-support.js';
import { revisionsOf } from './revision-list.js';

/**
 * The one mapping of a stored row to the domain. Native reads (findRow/findPage/selectRows in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later is added to the schema and
 * here, nowhere else.
 */
export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  projectId: row.projectId,
  agentId: row.agentId,
  phoneNumberId: row.phoneNumberId,
  phoneNumber: trustE164(row.phoneNumber),
  participant: trustE164(row.participant),
  channel: 'sms',
  lastMessageAt: row.lastMessageAt,
  lastMessagePreview: row.lastMessagePreview,
  messageCount: row.messageCount,
  state: decodeColumn(FreeFormJson, row.state ?? null, 'conversations', 'state', row.id),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toConversationRow = (conversation: Conversation): ConversationRow => ({
  id: conversation.id,
  projectId: conversation.projectId,
  agentId: conversation.agentId,
  phoneNumberId: conversation.phoneNumberId,
  phoneNumber: conversation.phoneNumber,
  participant: conversation.participant,
  channel: conversation.channel,
  lastMessageAt: conversation.lastMessageAt,
  lastMessagePreview: conversation.lastMessagePreview,
  messageCount: conversation.messageCount,
  state: conversation.state === null ? null : { ...conversation.state },
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt,
});

/** Plain selects, each prepared (their texts are made once). */
const READ = { prepare: true, effect: 'read' } as const;
/** A version: it may be given again while nothing is written (see SelectOptions). */
const VERSION = { prepare: true, effect: 'reusable' } as const;

/** Newest lastMessageAt first, as conversations_project_last_message_index and its agent twin hold them. */
const NEWEST_FIRST = 'order by last_message_at desc, id desc';

/** The threads a list shows: the project's (parameter: project), or one agent's (project, agent). */
const conditionOf = (agent: boolean): string => (agent ? 'project_id = ? and agent_id = ?' : 'project_id = ?');

/**
 * The version of a page (see listVersion), its value named "version": the total, for an agent's
 * threads whether the agent is the project's, then the page's threads by id and the transaction
 * that wrote each (`xmin`: any update writes a new row version). Parameters: the condition's,
 * the agent's id and project when `agent`, the condition's again, limit, offset.
 */
const pageVersion = (agent: boolean): string => `select (select count(*) from conversations where ${conditionOf(agent)})
      || ';' || ${agent ? '(select count(*) from agents where id = ? and project_id = ?)' : `''`}
      || ';' || ${revisionsOf('p')} as "version"
    from (select id, xmin from conversations where ${conditionOf(agent)} ${NEWEST_FIRST} limit ? offset ?) p`;

interface ListStatements {
  /**
   * The project's page, with the total and the page's version beside each row. Parameters: the
   * version's (see pageVersion), then project, project, limit, offset.
   */
  readonly projectPage: string;
  /**
   * The agent's row left-joined to the page of its threads, the total and the version beside:
   * no row, no agent; one row of nulls, no thread on the page. Parameters: the version's, then
   * (project, agent) twice, limit, offset, agent, project.
   */
  readonly agentPage: string;
  readonly projectVersion: string;
  readonly agentVersion: string;
}

/**
 * Written once (from the schema's columns, the same for every EntityManager): each read then
 * sends the very same string, whose hash the lookups of a statement by its text keep.
 */
let listStatements: ListStatements | null = null;

const listStatementsOf = (em: EntityManager): ListStatements => {
  const columns = selectListOf(em, ConversationSchema);
  return {
    projectPage: `select (${pageVersion(false)}) as "__version", ${columns},
         (select count(*) from conversations where ${conditionOf(false)}) as "__total"
       from conversations where ${conditionOf(false)} ${NEWEST_FIRST} limit ? offset ?`,
    agentPage: `select (${pageVersion(true)}) as "__version", ${selectListOf(em, ConversationSchema, 'c')},
         (select count(*) from conversations where ${conditionOf(true)}) as "__total"
       from agents a left join (
         select ${columns} from conversations where ${conditionOf(true)} ${NEWEST_FIRST} limit ? offset ?) as c on true
       where a.id = ? and a.project_id = ?
       order by c.last_message_at desc, c.id desc`,
    projectVersion: pageVersion(false),
    agentVersion: pageVersion(true),
  };
};

/** The version's parameters (see pageVersion). */
const versionParams = (projectId: string, query: ConversationListQuery): readonly unknown[] => {
  const condition = query.agentId === null ? [projectId] : [projectId, query.agentId];
  const agent = query.agentId === null ? [] : [query.agentId, projectId];
  return [...condition, ...agent, ...condition, query.limit, query.offset];
};

export class MikroOrmConversationRepository implements ConversationRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Conversation | null> {
    const row = await findRow(this.em, ConversationSchema, { id, projectId });
    return row && toConversation(row);
  }

  async findByIdInAnyProject(id: string): Promise<Conversation | null> {
    const row = await findRow(this.em, ConversationSchema, { id });
    return row && toConversation(row);
  }

  async findByThread(phoneNumberId: string, participant: E164): Promise<Conversation | null> {
    const row = await findRow(this.em, ConversationSchema, { phoneNumberId, participant });
    return row && toConversation(row);
  }

  /**
   * One statement, so every read shares the snapshot taken after the caller's lockNumbers: per
   * key, in the order given, the thread (or none), the newest receivedAt of the number and the
   * thread's newest messages, and the participant's contact in the number's project (one probe of
   * contacts_project_phone_unique: a text's event names it). The lateral subquery's limit keeps each key one probe of
   * conversations_thread_unique (for a plain join the planner, which guesses 100 keys, may hash a
   * scan of the table instead); the max is one probe of messages_number_received_unique and the
   * messages one range of messages_conversation_received_index.
   */
  async findThreadsAndLatest(threads: readonly ThreadKey[], recent: number): Promise<readonly ThreadAndLatest[]> {
    if (threads.length === 0) return [];
    const records: Record<string, unknown>[] = await runSelect(
      this.em,
      `select (select max(received_at) from messages where phone_number_id = k.t->>0) as latest_received_at,
         (select to_jsonb(ct) from contacts as ct
          where ct.project_id = (select project_id from phone_numbers where id = k.t->>0) and ct.phone_number = k.t->>1
          limit 1) as contact,
         (select coalesce(jsonb_agg(to_jsonb(m) order by m.received_at desc, m.id desc), '[]'::jsonb)
          from (select * from messages where conversation_id = c.id order by received_at desc, id desc limit ?) as m) as recent,
         c.*
       from jsonb_array_elements(?::jsonb) with ordinality as k(t, ord)
       left join lateral (
         select * from conversations where phone_number_id = k.t->>0 and participant = k.t->>1 limit 1) as c on true
       order by k.ord`,
      [recent, JSON.stringify(threads.map((key) => [key.phoneNumberId, key.participant]))],
      { prepare: false, effect: 'read' },
    );
    return records.map((record) => ({
      conversation: record.id == null ? null : toConversation(fromColumns(this.em, ConversationSchema, record)),
      latestReceivedAt: dateOf(record.latest_received_at),
      recent: (record.recent as Record<string, unknown>[]).map((message) => toMessage(fromColumns(this.em, MessageSchema, message))),
      contact: record.contact == null ? null : toContact(fromColumns(this.em, ContactSchema, record.contact as Record<string, unknown>)),
    }));
  }

  /**
   * The page with, beside each row, the total and the page's version (uncorrelated subqueries,
   * each run once), in one statement. An empty page has no row to carry them: then, and only
   * then, a second statement takes the version, which starts with the total.
   */
  async list(projectId: string, page: PageRequest): Promise<ConversationListPage> {
    const query = { ...page, agentId: null };
    const records = await runSelect(
      this.em,
      this.statements().projectPage,
      [...versionParams(projectId, query), projectId, projectId, page.limit, page.offset],
      READ,
    );
    const [first] = records;
    if (first === undefined) {
      const version = await this.listVersion(projectId, query);
      return { items: [], total: Number.parseInt(version, 10), version };
    }
    return { items: this.conversationsOf(records), total: Number(first.__total), version: String(first.__version) };
  }

  /**
   * The agent's row left-joined to the page of its threads: no row, no agent; one row of nulls,
   * no thread on the page. The total and the version are taken beside, on the agent's row, so a
   * page past the end still carries them and the read stays one statement.
   */
  async listByAgent(projectId: string, query: ConversationListQuery & { readonly agentId: string }): Promise<ConversationListPage | null> {
    const condition = [projectId, query.agentId];
    const records = await runSelect(
      this.em,
      this.statements().agentPage,
      [...versionParams(projectId, query), ...condition, ...condition, query.limit, query.offset, query.agentId, projectId],
      READ,
    );
    const [first] = records;
    if (first === undefined) return null;
    const items = this.conversationsOf(records.filter((record) => record.id !== null));
    return { items, total: Number(first.__total), version: String(first.__version) };
  }

  async listVersion(projectId: string, query: ConversationListQuery): Promise<ReadVersion> {
    const { projectVersion, agentVersion } = this.statements();
    const sql = query.agentId === null ? projectVersion : agentVersion;
    const [record] = await runSelect(this.em, sql, versionParams(projectId, query), VERSION);
    return String(record!.version);
  }

  save(conversation: Conversation): Promise<void> {
    return this.saveAll([conversation]);
  }

  /** Native SQL, one statement: every batch of texts updates its threads (see upsertRowsNative). */
  saveAll(conversations: readonly Conversation[]): Promise<void> {
    return upsertRowsNative(this.em, ConversationSchema, conversations.map(toConversationRow));
  }

  async detachAgent(agentId: string): Promise<void> {
    await updateRows(this.em, ConversationSchema, { agentId }, { agentId: null });
  }

  private statements(): ListStatements {
    return (listStatements ??= listStatementsOf(this.em));
  }

  private conversationsOf(records: readonly Record<string, unknown>[]): Conversation[] {
    return records.map((record) => toConversation(fromColumns(this.em, ConversationSchema, record)));
  }
}
