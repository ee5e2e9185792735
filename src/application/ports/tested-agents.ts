import type { StageSetup } from './scenario-stage.js';

/**
 * The agent a server run plays its tests against: the project's own agent, given as a
 * definition (and its webhook) the run's throw-away stage builds a copy of.
 */
export interface TestedAgents {
  definitionOf(projectId: string, agentId: string): Promise<Extract<StageSetup['agent'], { kind: 'inline' }> | null>;
}
