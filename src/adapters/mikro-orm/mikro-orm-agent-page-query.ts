import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { ReadVersion, Versioned } from '../../application/ports/read-version.js';
import type { AgentWithNumbers } from '../../application/ports/repositories.js';
import type { AgentPageQuery } from '../../application/queries/agent-page-query.js';
import type { Agent } from '../../domain/agent.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import { toAgent } from './mikro-orm-agent-repository.js';
import { toPhoneNumber } from './mikro-orm-phone-number-repository.js';
import type { ReadSession } from './read-session.js';
import { agentPage, agentPageVersion, type AgentNumberRow } from './read-statements/index.js';

/** Rows of agents and their live numbers, a row per agent and number, grouped by agent in their order. */
export const agentsOf = (rows: readonly AgentNumberRow[]): AgentWithNumbers[] => {
  const agents: { agent: Agent; numbers: PhoneNumber[] }[] = [];
  let last: { agent: Agent; numbers: PhoneNumber[] } | undefined;
  for (const row of rows) {
    if (last === undefined || last.agent.id !== row.agent.id) {
      last = { agent: toAgent(row.agent), numbers: [] };
      agents.push(last);
    }
    if (row.number !== null) last.numbers.push(toPhoneNumber(row.number));
  }
  return agents;
};

export class MikroOrmAgentPageQuery implements AgentPageQuery {
  constructor(private readonly reads: ReadSession) {}

  /**
   * The page of agents with their live numbers, the total and the page's version beside each
   * row. An empty page has no row to carry them: then, and only then, a second statement takes
   * the version, which starts with the total.
   */
  async page(projectId: string, page: PageRequest): Promise<Page<AgentWithNumbers> & Versioned> {
    const params = { projectId, limit: page.limit, offset: page.offset };
    const rows = await this.reads.run(agentPage, params);
    const [first] = rows;
    if (first === undefined) {
      const version = await this.version(projectId, page);
      return { items: [], total: Number.parseInt(version, 10), version };
    }
    return { items: agentsOf(rows), total: first.total, version: first.version };
  }

  async version(projectId: string, page: PageRequest): Promise<ReadVersion> {
    const [version] = await this.reads.run(agentPageVersion, { projectId, limit: page.limit, offset: page.offset });
    return version!;
  }
}
