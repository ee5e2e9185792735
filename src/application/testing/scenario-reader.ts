import type * as E from 'fp-ts/lib/Either.js';
import type { Scenario, ScenarioAgent } from './scenario.js';

/** Reads a kept scenario document into a scenario, the codec of the scenario files' edge. */
export interface ScenarioReader {
  /** Left: every problem of a document that does not decode (a test kept before the format changed, say), field by field. */
  read(document: Readonly<Record<string, unknown>>): E.Either<readonly string[], Scenario>;
}

/**
 * The agent a server run plays its tests against: the project's own agent, given as a
 * definition (and its webhook) the run's throw-away stage builds a copy of.
 */
export interface TestedAgents {
  definitionOf(projectId: string, agentId: string): Promise<Extract<ScenarioAgent, { kind: 'inline' }> | null>;
}
