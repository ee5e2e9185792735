import type { AgentWithNumbers } from '../../application/ports/repositories.js';
import type { AgentQuery } from '../../application/queries/agent-query.js';
import { agentsOf } from './mikro-orm-agent-page-query.js';
import type { ReadSession } from './read-session.js';
import { oneAgent } from './read-statements/index.js';

export class MikroOrmAgentQuery implements AgentQuery {
  constructor(private readonly reads: ReadSession) {}

  async withNumbers(projectId: string, agentId: string): Promise<AgentWithNumbers | null> {
    return agentsOf(await this.reads.run(oneAgent, { projectId, agentId }))[0] ?? null;
  }
}
