import type { AgentWithNumbers } from '../ports/repositories.js';

/** One agent of a project with its live numbers: what `GET /v1/agents/{id}` shows. */
export interface AgentQuery {
  /** The agent with its live numbers, oldest first; null when the project has no agent of that id. */
  withNumbers(projectId: string, agentId: string): Promise<AgentWithNumbers | null>;
}
