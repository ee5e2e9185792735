import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { ReadVersion, Versioned } from '../../application/ports/read-version.js';
import type { AgentWithNumbers } from '../../application/ports/repositories.js';
import type { AgentPageQuery } from '../../application/queries/agent-page-query.js';
import { AgentSchema } from './entities/agent.js';
import { PhoneNumberSchema } from './entities/phone-number.js';
import { agentsWithNumbers, liveNumbers, NUMBER_PREFIX, REUSABLE } from './mikro-orm-agent-repository.js';
import type { MikroOrmReads } from './mikro-orm-reads.js';
import { runSelect } from './native-select.js';
import { revisionsOf } from './revision-list.js';
import { selectListOf } from './storage-support.js';

/** Plain selects, each prepared (their texts are made once). */
const READ = { prepare: true, effect: 'read' } as const;

interface AgentPageStatements {
  /**
   * A page of agents (with the total and the page's version beside each) with their live
   * numbers: the version's parameters, then project, project, limit, offset.
   */
  readonly page: string;
  /** The version of a page (see version): project, project, limit, offset. */
  readonly version: string;
}

/**
 * Written once (from the schemas' columns, the same for every EntityManager): each read then
 * sends the very same string, whose hash the lookups of a statement by its text keep, rather
 * than a new one of a couple of kilobytes to hash again.
 */
let agentPageStatements: AgentPageStatements | null = null;

/**
 * The version of a page (see version): the total, then the same rows as the page, each
 * named by its revision (see revisionsOf) with each of its live numbers' beside it, one name per
 * agent and number. Parameters: project, project, limit, offset.
 */
const pageVersion = (name: string): string => `select (select count(*) from agents where project_id = ?) || ';' || ${revisionsOf('a', " || coalesce('+' || n.id || ':' || n.xmin, '')")} as "${name}"
  from (select id, xmin from agents where project_id = ? order by created_at, id limit ? offset ?) a
  left join lateral (select id, xmin from phone_numbers where agent_id = a.id and status = 'active') n on true`;

/** The total a page's version starts with. */
const totalOf = (version: ReadVersion): number => Number.parseInt(version, 10);

const agentPageStatementsOf = (em: EntityManager): AgentPageStatements => {
  const numbers = selectListOf(em, PhoneNumberSchema, 'n', NUMBER_PREFIX);
  return {
    // A row per agent and number, or one of nulls for an agent without any; the total is
    // counted beside the page (see page), and the page's version is taken in the
    // same statement, so of the same rows.
    page: `select (${pageVersion('version')}) as "__version", ${selectListOf(em, AgentSchema, 'a')}, a."__total", ${numbers}
       from (
         select ${selectListOf(em, AgentSchema)}, (select count(*) from agents where project_id = ?) as "__total"
         from agents where project_id = ? order by created_at, id limit ? offset ?) a
       ${liveNumbers(em)}
       order by a.created_at, a.id, n.created_at, n.id`,
    version: pageVersion('version'),
  };
};

const statementsOf = (em: EntityManager): AgentPageStatements => (agentPageStatements ??= agentPageStatementsOf(em));

const versionOn = async (em: EntityManager, projectId: string, page: PageRequest): Promise<ReadVersion> => {
  const [record] = await runSelect(em, statementsOf(em).version, [projectId, projectId, page.limit, page.offset], REUSABLE);
  return String(record!.version);
};

export class MikroOrmAgentPageQuery implements AgentPageQuery {
  constructor(private readonly reads: MikroOrmReads) {}

  /**
   * The page of agents (with the total and the page's version beside each) left-joined to each
   * one's live numbers: a row per agent and number, or one of nulls for an agent without any. An
   * empty page has no row to carry them: then, and only then, a second statement takes the
   * version, which starts with the total.
   */
  page(projectId: string, page: PageRequest): Promise<Page<AgentWithNumbers> & Versioned> {
    return this.reads.readNatively(async (em) => {
      const pageParams = [projectId, projectId, page.limit, page.offset];
      const records = await runSelect(em, statementsOf(em).page, [...pageParams, ...pageParams], READ);
      if (records.length === 0) {
        const version = await versionOn(em, projectId, page);
        return { items: [], total: totalOf(version), version };
      }
      const first = records[0]!;
      return { items: agentsWithNumbers(em, records), total: Number(first.__total), version: String(first.__version) };
    });
  }

  version(projectId: string, page: PageRequest): Promise<ReadVersion> {
    return this.reads.readNatively((em) => versionOn(em, projectId, page));
  }
}
