import * as t from 'io-ts';
import { StartTestRunBody } from '../../rest/codecs/agent-tests.js';
import { idText } from '../../rest/codecs/text.js';
import { testRunView } from '../../rest/views/agent-tests.js';
import { snakeCased } from '../arguments.js';
import { outcome, output, projectOf, readOnly, writes, tool, type AnyTool } from '../tool.js';

const GetRunArgs = t.type({ test_run_id: idText });

type RunView = ReturnType<typeof testRunView>;

const summaryOf = (run: RunView): string => {
  const { total, passed, failed, errored } = run.counts;
  const failures = run.results
    .filter((r) => r.verdict !== 'passed')
    .map((r) => `${r.name}: ${r.verdict}${r.error ? ` (${r.error})` : ''}${r.expectations.filter((e) => !e.passed).map((e) => `; ${e.message}`).join('')}`);
  return [`Test run ${run.id} is ${run.status}: ${passed} passed, ${failed} failed, ${errored} errored of ${total}.`, ...failures].join('\n');
};

export const agentTestTools: readonly AnyTool[] = [
  tool({
    name: 'run_agent_tests',
    title: "Run an agent's scenario tests",
    description:
      "Runs an agent's scenario tests (all of them, or `test_ids`) on the server, on a simulated carrier and clock away from the account's data; " +
      'answers at once with the run queued: read it with get_test_run. `seed` replays an earlier run.',
    args: snakeCased(StartTestRunBody),
    annotations: writes,
    access: 'project',
    run: (context, args) => {
      const input = { projectId: projectOf(context), agentId: args.agentId, testIds: args.testIds ?? null, seed: args.seed ?? null };
      return outcome(context.useCases.agentTests.startTestRun.execute(input), (run) => output(`Queued test run ${run.id} of ${run.testIds.length} tests.`, testRunView(run)));
    },
  }),
  tool({
    name: 'get_test_run',
    title: 'Read a test run',
    description: "A test run's status and counts, and each scenario's verdict, failed expectations and transcript.",
    args: { codec: GetRunArgs, read: (decoded) => decoded as t.TypeOf<typeof GetRunArgs> },
    annotations: readOnly,
    access: 'project',
    run: (context, args) =>
      outcome(context.useCases.agentTests.getTestRun.execute({ projectId: projectOf(context), runId: args.test_run_id }), (run) => {
        const view = testRunView(run);
        return output(summaryOf(view), view);
      }),
  }),
];
