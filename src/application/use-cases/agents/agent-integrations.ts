import * as E from 'fp-ts/lib/Either.js';
import type { Agent, HandoffEntry } from '../../../domain/agent.js';
import { handoffNameOf } from '../../../domain/agent-handoff.js';
import { validation, type Validation } from '../../errors.js';
import type { JsonSchemaValidator } from '../../ports/json-schema-validator.js';
import type { Repositories } from '../../ports/repositories.js';
import type { TargetPolicy } from '../../ports/target-policy.js';

/** What an agent's tools and analysis schema are checked with when it is saved. */
export interface AgentIntegrationChecks {
  /** Which hosts a tool's URL may name: the same rules as webhooks. */
  readonly targets: TargetPolicy;
  readonly schemas: JsonSchemaValidator;
}

/**
 * The checks the domain cannot make itself: each tool's `parameters` and the `analysisSchema`
 * compile as JSON Schema, and no tool URL names a private, loopback or other special-purpose
 * host (names are checked again, resolved, on every request).
 */
export const integrationProblem = (agent: Agent, checks: AgentIntegrationChecks | undefined): Validation | null => {
  if (!checks) return null;
  for (const [index, tool] of agent.customTools.entries()) {
    const schema = checks.schemas.schemaProblem(tool.parameters);
    if (schema) return validation(`customTools.${index}.parameters`, schema);
    const refusal = checks.targets.refusalOf(new URL(tool.url).hostname);
    if (refusal !== null) {
      return validation(`customTools.${index}.url`, `must not point at a private, loopback or other special-purpose address: ${refusal}`);
    }
  }
  for (const [index, server] of (agent.mcpServers ?? []).entries()) {
    const refusal = checks.targets.refusalOf(new URL(server.url).hostname);
    if (refusal !== null) {
      return validation(`mcpServers.${index}.url`, `must not point at a private, loopback or other special-purpose address: ${refusal}`);
    }
  }
  if (agent.analysisSchema !== null) {
    const schema = checks.schemas.schemaProblem(agent.analysisSchema);
    if (schema) return validation('analysisSchema', schema);
  }
  return null;
};

/** The first of the agent's knowledge bases its project does not have, as the field's problem; null when it has them all. */
export const knowledgeBaseProblem = async (agent: Agent, repos: Repositories): Promise<Validation | null> => {
  const named = agent.knowledgeBaseIds ?? [];
  if (named.length === 0) return null;
  const known = new Set((await repos.knowledgeBases.findMany(agent.projectId, named)).map((kb) => kb.id));
  const index = named.findIndex((id) => !known.has(id));
  return index < 0 ? null : validation(`knowledgeBaseIds.${index}`, `names no knowledge base of this project: ${named[index]}`);
};

/**
 * The handoffs as given, each target read: one that is not an agent of the project is the
 * entry's problem; a missing `name` is made from the target's name (numbered where two agree).
 */
export const resolveHandoffs = async (
  entries: readonly HandoffEntry[] | undefined,
  projectId: string,
  repos: Repositories,
): Promise<E.Either<Validation, readonly HandoffEntry[] | undefined>> => {
  if (!entries) return E.right(undefined);
  const targets = await Promise.all(entries.map((entry) => repos.agents.findById(projectId, entry.agentId)));
  const missing = targets.findIndex((target) => target === null);
  if (missing >= 0) return E.left(validation(`handoffs.${missing}.agentId`, `names no agent of this project: ${entries[missing]!.agentId}`));
  const taken = new Set(entries.flatMap((entry) => (entry.name ? [entry.name] : [])));
  return E.right(
    entries.map((entry, index) => {
      if (entry.name) return entry;
      const base = handoffNameOf(targets[index]!.name);
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 36)}_${n}`;
      taken.add(name);
      return { ...entry, name };
    }),
  );
};
