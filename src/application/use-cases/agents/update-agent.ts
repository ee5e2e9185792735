import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { updateAgent, type AgentChanges } from '../../../domain/agent.js';
import { fromDomain, notFound, type NotFound, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { AgentWithNumbers } from '../../ports/repositories.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { VoiceCatalog } from '../../ports/voice-catalog.js';
import { languageProblem } from './agent-languages.js';
import { integrationProblem, knowledgeBaseProblem, resolveHandoffs, type AgentIntegrationChecks } from './agent-integrations.js';

export type UpdateAgentError = NotFound | Validation;

/**
 * A partial update. A new `voiceMode` applies to calls that start after it: a live call
 * keeps the runtime it started with.
 */
export class UpdateAgent {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly checks?: AgentIntegrationChecks; readonly voices?: VoiceCatalog }) {}

  execute(input: {
    readonly projectId: string;
    readonly agentId: string;
    readonly changes: AgentChanges;
  }): TE.TaskEither<UpdateAgentError, AgentWithNumbers> {
    return () =>
      this.deps.uow.transaction(async (tx): Promise<E.Either<UpdateAgentError, AgentWithNumbers>> => {
        const agent = await tx.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        const handoffs = await resolveHandoffs(input.changes.handoffs, input.projectId, tx);
        if (E.isLeft(handoffs)) return handoffs;
        const updated = updateAgent(agent, { ...input.changes, handoffs: handoffs.right }, this.deps.clock.now());
        if (E.isLeft(updated)) return E.left(fromDomain(updated.left));
        const problem = integrationProblem(updated.right, this.deps.checks) ?? (await knowledgeBaseProblem(updated.right, tx));
        if (problem) return E.left(problem);
        const unvoiced = await languageProblem(updated.right, this.deps.voices);
        if (unvoiced) return E.left(unvoiced);
        await tx.agents.save(updated.right);
        return E.right({ agent: updated.right, numbers: await tx.numbers.listByAgents([updated.right.id]) });
      });
  }
}
