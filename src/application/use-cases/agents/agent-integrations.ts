import type { Agent } from '../../../domain/agent.js';
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
