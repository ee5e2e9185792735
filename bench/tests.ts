/**
 * `npm run bench:tests`: 200 scripted scenarios of 10 caller turns each on the in-process stage
 * (the embedded store, a PGlite per stage copied from the kept migrated one), at most 8 at a time
 * (TESTS_BENCH_SCENARIOS and TESTS_BENCH_CONCURRENCY change both), against a hosted agent whose
 * model is scripted per scenario. Prints the wall time, the process's CPU time over the run,
 * scenarios per second and per CPU-second, each
 * scenario's time at p50 and p99, and the heap after the first 20 scenarios and at the end (each
 * after a full collection) with their ratio: the run's memory should stay flat.
 * With BENCH_PROFILE=<directory>, the run's CPU profile is written there.
 * What it prints is recorded in bench/results/<date>-tests.md when the run ends.
 */
import { runScenarios, ScriptedLanguageModel, type ScenarioResult } from '../src/testing.js';
import { profiled } from './support/cpu-profile.js';
import { percentile, runBench } from './support/figures.js';

const SCENARIOS = Number(process.env.TESTS_BENCH_SCENARIOS ?? 200);
const TURNS = 10;
const CONCURRENCY = Number(process.env.TESTS_BENCH_CONCURRENCY ?? 8);
const EARLY = 20;

const agent = { name: 'Bench desk', voiceMode: 'hosted', systemPrompt: 'Answer briefly.', greeting: 'Hello, bench desk.' };

const scenario = (index: number) => ({
  name: `scenario ${index + 1}`,
  agent,
  caller: { script: Array.from({ length: TURNS }, (_, turn) => ({ say: `Question ${turn + 1} of caller ${index + 1}?` })) },
  expect: [{ said: { turn: 1, text: 'bench desk' } }, { said: 'answer ten' }, { turns: { min: 2 * TURNS + 1 } }],
});

const ANSWERS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].map((n) => `Here is answer ${n}, short and to the point.`);

const heapAfterCollection = (): number => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc (npm run bench:tests does)');
  collect();
  return process.memoryUsage().heapUsed;
};

runBench('tests', async () => {
  let done = 0;
  let heapEarly = NaN;
  let heapEnd = NaN;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const summary = await profiled('tests', () => runScenarios(
    Array.from({ length: SCENARIOS }, (_, i) => scenario(i)),
    {
      store: 'embedded',
      concurrency: CONCURRENCY,
      seed: 1,
      agentModel: () => new ScriptedLanguageModel(ANSWERS),
      onResult: () => {
        done += 1;
        if (done === EARLY) heapEarly = heapAfterCollection();
        if (done === SCENARIOS) heapEnd = heapAfterCollection();
      },
    },
  ));
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const notPassed = summary.results.filter((r: ScenarioResult) => r.verdict !== 'passed');
  if (notPassed.length > 0) throw new Error(`${notPassed.length} scenarios did not pass; the first: ${notPassed[0]!.name} ${notPassed[0]!.verdict} ${notPassed[0]!.error ?? notPassed[0]!.expectations.filter((e) => !e.passed).map((e) => e.message).join('; ')}`);
  const times = summary.results.map((r) => r.durationMs).sort((a, b) => a - b);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const lines = [
    `${SCENARIOS} scripted scenarios of ${TURNS} caller turns, embedded store, concurrency ${CONCURRENCY}`,
    `wall time              ${(wallMs / 1000).toFixed(2)} s (the stages' start and close included)`,
    `CPU time               ${cpuSeconds.toFixed(2)} s (this process, all its threads)`,
    `scenarios per second   ${(SCENARIOS / (wallMs / 1000)).toFixed(1)}`,
    `per CPU-second         ${(SCENARIOS / cpuSeconds).toFixed(1)}`,
    `per scenario p50       ${percentile(times, 50).toFixed(1)} ms`,
    `per scenario p99       ${percentile(times, 99).toFixed(1)} ms`,
    `heap after first ${EARLY}    ${mb(heapEarly)}`,
    `heap at the end        ${mb(heapEnd)}`,
    `heap end / first ${EARLY}    ${(heapEnd / heapEarly).toFixed(2)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});
