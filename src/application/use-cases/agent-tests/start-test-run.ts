import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { AGENT_TEST_LIMITS, queuedRun, type TestRun } from '../../../domain/agent-test.js';
import { notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { TestRunQueue } from '../../ports/test-run-queue.js';
import type { CoreDeps } from '../common/deps.js';

export type StartTestRunError = NotFound | Validation;

export interface StartTestRunInput {
  readonly projectId: string;
  readonly agentId: string;
  /** Some of the agent's tests, in the order given; null: all of them, oldest first. */
  readonly testIds: readonly string[] | null;
  /** Replays a run; null: a fresh one. */
  readonly seed: number | null;
}

/**
 * Queues a run of an agent's tests and hands it to the queue once committed: it answers at
 * once with the run `queued`, and the run is played in the background.
 */
export class StartTestRun {
  constructor(private readonly deps: CoreDeps & { readonly runs: TestRunQueue; readonly newSeed: () => number }) {}

  execute(input: StartTestRunInput): TE.TaskEither<StartTestRunError, TestRun> {
    const { uow, clock, ids } = this.deps;
    return async () => {
      const queued = await uow.transaction(async (tx): Promise<E.Either<StartTestRunError, TestRun>> => {
        if (!(await tx.agents.findById(input.projectId, input.agentId))) return E.left(notFound('agent', input.agentId));
        const tests = input.testIds === null ? await tx.agentTests.listAll(input.projectId, input.agentId) : await tx.agentTests.findMany(input.projectId, input.agentId, input.testIds);
        if (input.testIds !== null) {
          const found = new Set(tests.map((t) => t.id));
          const missing = input.testIds.findIndex((id) => !found.has(id));
          if (missing >= 0) return E.left(validation(`testIds.${missing}`, `is not a test of agent ${input.agentId}`));
        }
        const testIds = input.testIds === null ? tests.map((t) => t.id) : [...new Set(input.testIds)];
        if (testIds.length === 0) return E.left(validation('agentId', 'names an agent with no tests: add some with POST /v1/agents/{id}/tests', 'missing'));
        if (testIds.length > AGENT_TEST_LIMITS.testsPerRun) return E.left(validation('testIds', `a run plays at most ${AGENT_TEST_LIMITS.testsPerRun} tests`, 'limit_exceeded'));
        const active = AGENT_TEST_LIMITS.activeRunsPerProject;
        if ((await tx.testRuns.countActive(input.projectId)) >= active) {
          return E.left(validation('testRuns', `limit reached: a project may have at most ${active} runs queued or running`, 'limit_exceeded'));
        }
        const run = queuedRun({ id: ids.next('trun'), projectId: input.projectId, agentId: input.agentId, testIds, seed: input.seed ?? this.deps.newSeed(), now: clock.now() });
        await tx.testRuns.save(run);
        return E.right(run);
      });
      if (E.isRight(queued)) this.deps.runs.enqueue(queued.right);
      return queued;
    };
  }
}
