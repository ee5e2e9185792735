import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { createAgent, type AgentFields } from '../../../domain/agent.js';
import { fromDomain, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import type { VoiceCatalog } from '../../ports/voice-catalog.js';
import { languageProblem } from './agent-languages.js';
import { integrationProblem, knowledgeBaseProblem, resolveHandoffs, type AgentIntegrationChecks } from './agent-integrations.js';
import type { AgentWithNumbers } from '../../ports/repositories.js';

export interface CreateAgentInput {
  readonly projectId: string;
  readonly fields: AgentFields;
}

export type CreateAgentError = Validation;

export class CreateAgent {
  constructor(private readonly deps: CoreDeps & { readonly checks?: AgentIntegrationChecks; readonly voices?: VoiceCatalog }) {}

  execute(input: CreateAgentInput): TE.TaskEither<CreateAgentError, AgentWithNumbers> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const handoffs = await resolveHandoffs(input.fields.handoffs, input.projectId, tx);
        if (E.isLeft(handoffs)) return handoffs;
        const created = createAgent({
          id: ids.next('agt'),
          projectId: input.projectId,
          fields: { ...input.fields, handoffs: handoffs.right },
          now: clock.now(),
        });
        if (E.isLeft(created)) return E.left(fromDomain(created.left));
        const problem = integrationProblem(created.right, this.deps.checks) ?? (await knowledgeBaseProblem(created.right, tx));
        if (problem) return E.left(problem);
        const unvoiced = await languageProblem(created.right, this.deps.voices);
        if (unvoiced) return E.left(unvoiced);
        await tx.agents.save(created.right);
        return E.right({ agent: created.right, numbers: [] });
      });
  }
}
