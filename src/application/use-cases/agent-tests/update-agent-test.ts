import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AgentTest } from '../../../domain/agent-test.js';
import { notFound, type NotFound, type TooLarge, type Validation } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { checkedDocument, type AgentTestInput } from './agent-test-document.js';

export type UpdateAgentTestError = NotFound | Validation | TooLarge;

/** Puts a new scenario (and the name it gives) in place of a test's; runs already made keep what they played. */
export class UpdateAgentTest {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string; readonly agentId: string; readonly testId: string; readonly test: AgentTestInput }): TE.TaskEither<UpdateAgentTestError, AgentTest> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const checked = checkedDocument(input.test);
        if (E.isLeft(checked)) return checked;
        const found = await tx.agentTests.findById(input.projectId, input.agentId, input.testId);
        if (!found) return E.left(notFound('test', input.testId));
        const updated: AgentTest = { ...found, ...checked.right, updatedAt: this.deps.clock.now() };
        await tx.agentTests.save(updated);
        return E.right(updated);
      });
  }
}
