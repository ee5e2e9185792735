import { conversationSupportOf } from '../conversation-config.js';
import { randomInt } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { TestRunSweeper } from '../../application/testing/test-run-sweeper.js';
import { TestRunWorker } from '../../application/testing/test-run-worker.js';
import { CancelTestRun } from '../../application/use-cases/agent-tests/cancel-test-run.js';
import { CreateAgentTest } from '../../application/use-cases/agent-tests/create-agent-test.js';
import { DeleteAgentTest } from '../../application/use-cases/agent-tests/delete-agent-test.js';
import { GetAgentTest } from '../../application/use-cases/agent-tests/get-agent-test.js';
import { GetTestRun } from '../../application/use-cases/agent-tests/get-test-run.js';
import { ListAgentTests } from '../../application/use-cases/agent-tests/list-agent-tests.js';
import { ListTestRuns } from '../../application/use-cases/agent-tests/list-test-runs.js';
import { StartTestRun } from '../../application/use-cases/agent-tests/start-test-run.js';
import { UpdateAgentTest } from '../../application/use-cases/agent-tests/update-agent-test.js';
import { stageOn } from '../testing/switchboard-stage.js';
import type { SwitchboardMaker } from '../testing/stage-switchboard.js';
import { projectAgents, storedScenarioReader } from '../testing/server-test-runs.js';
import { provideWith } from './provide.js';
import { queriesOf } from './store-queries.js';
import { TOKENS } from './tokens.js';

/**
 * Agents' scenario tests, and their runs played in the background: each run on an in-memory
 * Switchboard of its own (simulated carrier and clock, tools stubbed, the configured model), so
 * its simulated contacts leave no call, text, charge or event in the project's store.
 */
export const agentTestsModule = (makeSwitchboard: SwitchboardMaker | null) =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.agentTestQueries, [TOKENS.unitOfWork], (uow) => queriesOf(uow).agentTests);
    provide(
      TOKENS.testRunWorker,
      [TOKENS.settings, TOKENS.unitOfWork, TOKENS.agentQuery, TOKENS.clock, TOKENS.ids, TOKENS.eventEncoder, TOKENS.deliveryTrigger, TOKENS.languageModel, TOKENS.jsonSchemas, TOKENS.logger, TOKENS.lifecycle],
      (settings, uow, agentQuery, clock, ids, eventEncoder, deliveryTrigger, model, schemas, logger, lifecycle) => {
        const { config } = settings;
        // Started before the worker: what an earlier process left unfinished is marked so first.
        const sweeper = new TestRunSweeper({ uow, clock, logger: logger.child({ component: 'test-runs' }), soleNode: settings.keepsAdminToken && config.databaseUrl === null });
        lifecycle.manage('test run sweep', sweeper, { start: () => sweeper.start(), stop: () => sweeper.stop() });
        const worker = new TestRunWorker({
          uow,
          clock,
          events: { ids, clock, eventEncoder, deliveryTrigger },
          scenarios: storedScenarioReader,
          agents: projectAgents(uow, agentQuery, conversationSupportOf(config)),
          stage: () => {
            if (!makeSwitchboard) throw new Error('test runs play on Switchboards createSwitchboard makes; this core was built without one');
            return stageOn(makeSwitchboard, { store: 'memory', model });
          },
          runner: { schemas, judge: model, callerModel: model, now: () => performance.now() },
          logger: logger.child({ component: 'test-runs' }),
        });
        return lifecycle.manage('test runs', worker, { stop: () => worker.stop() });
      },
    );
    provide(
      TOKENS.agentTestUseCases,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.agentTestQueries, TOKENS.testRunWorker],
      (uow, clock, ids, queries, runs) => ({
        createAgentTest: new CreateAgentTest({ uow, clock, ids }),
        listAgentTests: new ListAgentTests({ uow, queries }),
        getAgentTest: new GetAgentTest({ uow }),
        updateAgentTest: new UpdateAgentTest({ uow, clock }),
        deleteAgentTest: new DeleteAgentTest({ uow }),
        startTestRun: new StartTestRun({ uow, clock, ids, runs, newSeed: () => randomInt(0x7fffffff) }),
        getTestRun: new GetTestRun({ uow }),
        listTestRuns: new ListTestRuns({ queries }),
        cancelTestRun: new CancelTestRun({ uow, clock, runs }),
      }),
    );
  });
