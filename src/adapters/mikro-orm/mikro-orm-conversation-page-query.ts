import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConversationListQuery } from '../../application/ports/messaging-repositories.js';
import type { PageRequest } from '../../application/ports/pagination.js';
import type { ReadVersion } from '../../application/ports/read-version.js';
import type { ConversationListPage, ConversationPageQuery } from '../../application/queries/conversation-page-query.js';
import type { Conversation } from '../../domain/conversation.js';
import { ConversationSchema } from './entities/conversation.js';
import { toConversation } from './mikro-orm-conversation-repository.js';
import type { MikroOrmReads } from './mikro-orm-reads.js';
import { runSelect } from './native-select.js';
import { revisionsOf } from './revision-list.js';
import { fromColumns, selectListOf } from './storage-support.js';

/** Plain selects, each prepared (their texts are made once). */
const READ = { prepare: true, effect: 'read' } as const;
/** A version: it may be given again while nothing is written (see SelectOptions). */
const VERSION = { prepare: true, effect: 'reusable' } as const;

/** Newest lastMessageAt first, as conversations_project_last_message_index and its agent twin hold them. */
const NEWEST_FIRST = 'order by last_message_at desc, id desc';

/** The threads a list shows: the project's (parameter: project), or one agent's (project, agent). */
const conditionOf = (agent: boolean): string => (agent ? 'project_id = ? and agent_id = ?' : 'project_id = ?');

/**
 * The version of a page (see version), its value named "version": the total, for an agent's
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

/** The conversation list's reads on one EntityManager: the fork {@link MikroOrmConversationPageQuery} reads on. */
class ConversationPagesOn {
  constructor(private readonly em: EntityManager) {}

  /**
   * The page with, beside each row, the total and the page's version (uncorrelated subqueries,
   * each run once), in one statement. An empty page has no row to carry them: then, and only
   * then, a second statement takes the version, which starts with the total.
   */
  async page(projectId: string, page: PageRequest): Promise<ConversationListPage> {
    const query = { ...page, agentId: null };
    const records = await runSelect(
      this.em,
      this.statements().projectPage,
      [...versionParams(projectId, query), projectId, projectId, page.limit, page.offset],
      READ,
    );
    const [first] = records;
    if (first === undefined) {
      const version = await this.version(projectId, query);
      return { items: [], total: Number.parseInt(version, 10), version };
    }
    return { items: this.conversationsOf(records), total: Number(first.__total), version: String(first.__version) };
  }

  /**
   * The agent's row left-joined to the page of its threads: no row, no agent; one row of nulls,
   * no thread on the page. The total and the version are taken beside, on the agent's row, so a
   * page past the end still carries them and the read stays one statement.
   */
  async agentPage(projectId: string, query: ConversationListQuery & { readonly agentId: string }): Promise<ConversationListPage | null> {
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

  async version(projectId: string, query: ConversationListQuery): Promise<ReadVersion> {
    const { projectVersion, agentVersion } = this.statements();
    const sql = query.agentId === null ? projectVersion : agentVersion;
    const [record] = await runSelect(this.em, sql, versionParams(projectId, query), VERSION);
    return String(record!.version);
  }

  private statements(): ListStatements {
    return (listStatements ??= listStatementsOf(this.em));
  }

  private conversationsOf(records: readonly Record<string, unknown>[]): Conversation[] {
    return records.map((record) => toConversation(fromColumns(this.em, ConversationSchema, record)));
  }
}

export class MikroOrmConversationPageQuery implements ConversationPageQuery {
  constructor(private readonly reads: MikroOrmReads) {}

  page(projectId: string, page: PageRequest): Promise<ConversationListPage> {
    return this.reads.readNatively((em) => new ConversationPagesOn(em).page(projectId, page));
  }

  agentPage(projectId: string, query: ConversationListQuery & { readonly agentId: string }): Promise<ConversationListPage | null> {
    return this.reads.readNatively((em) => new ConversationPagesOn(em).agentPage(projectId, query));
  }

  version(projectId: string, query: ConversationListQuery): Promise<ReadVersion> {
    return this.reads.readNatively((em) => new ConversationPagesOn(em).version(projectId, query));
  }
}
