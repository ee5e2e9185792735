import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { AGENT_TEST_LIMITS, type AgentTest } from '../../../domain/agent-test.js';
import { notFound, validation, type NotFound, type TooLarge, type Validation } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import { checkedDocument, type AgentTestInput } from './agent-test-document.js';

export type CreateAgentTestError = NotFound | Validation | TooLarge;

/** Keeps a scenario test with its agent; an agent has at most {@link AGENT_TEST_LIMITS.testsPerAgent}. */
export class CreateAgentTest {
  constructor(private readonly deps: CoreDeps) {}

  execute(input: { readonly projectId: string; readonly agentId: string; readonly test: AgentTestInput }): TE.TaskEither<CreateAgentTestError, AgentTest> {
    const { uow, clock, ids } = this.deps;
    return () =>
      uow.transaction(async (tx) => {
        const checked = checkedDocument(input.test);
        if (E.isLeft(checked)) return checked;
        if (!(await tx.agents.findById(input.projectId, input.agentId))) return E.left(notFound('agent', input.agentId));
        const limit = AGENT_TEST_LIMITS.testsPerAgent;
        if ((await tx.agentTests.countForAgent(input.projectId, input.agentId)) >= limit) {
          return E.left(validation('tests', `limit reached: an agent may have at most ${limit} tests`, 'limit_exceeded'));
        }
        const now = clock.now();
        const test: AgentTest = { id: ids.next('test'), projectId: input.projectId, agentId: input.agentId, ...checked.right, createdAt: now, updatedAt: now };
        await tx.agentTests.save(test);
        return E.right(test);
      });
  }
}
