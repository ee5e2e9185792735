import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { ConfigError, loadConfig } from './config.js';
import { chooseLanguageModel } from './language-model.js';
import { TEST_USAGE } from './cli-usage.js';
import { jsonReport, junitReport, prettyReport, progressLine, REPORTERS, type ReporterName } from './testing/reporters.js';
import { runScenarios } from './testing/run-scenarios.js';
import { recordScenario } from './testing/record-command.js';
import { createServerStage } from '../adapters/http/server-stage.js';
import { findServerUrl } from './admin-graphql-client.js';

const OPTIONS = {
  concurrency: { type: 'string' },
  grep: { type: 'string' },
  seed: { type: 'string' },
  reporter: { type: 'string' },
  store: { type: 'string' },
  url: { type: 'string' },
  'api-key': { type: 'string' },
  call: { type: 'string' },
  out: { type: 'string' },
} as const;

const whole = (value: string | undefined, name: string, fallback: number, min: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return n;
};

/**
 * `switchboard test [files or folders…]`: runs scenario files against an in-process Switchboard
 * (embedded database in a temporary folder, simulated carrier, the configured model), or with
 * `--url` against that running server. `switchboard test record --call <id>` writes an ended
 * call as a scenario. Resolves to the exit code: 1 on any failed or errored scenario.
 */
export const runTestCommand = async (
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  out: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> => {
  const { positionals, values } = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  const apiKey = values['api-key'] ?? env.SWITCHBOARD_API_KEY ?? '';
  if (positionals[0] === 'record') {
    if (!values.call) throw new Error(`test record needs --call <id> (an ended call)\n${TEST_USAGE}`);
    if (apiKey === '') throw new Error('test record needs --api-key <key> (or SWITCHBOARD_API_KEY): the key of the call\'s project');
    await recordScenario({ callId: values.call, baseUrl: findServerUrl({ url: values.url }, env), apiKey, file: values.out ?? null }, out);
    return 0;
  }
  const url = values.url;
  if (url !== undefined && apiKey === '') throw new Error('test --url needs --api-key <key> (or SWITCHBOARD_API_KEY): a project\'s key on that server');
  const reporter = (values.reporter ?? 'pretty') as ReporterName;
  if (!REPORTERS.includes(reporter)) throw new Error(`--reporter must be one of ${REPORTERS.join(', ')}\n${TEST_USAGE}`);
  const store = values.store ?? 'embedded';
  if (store !== 'embedded' && store !== 'memory') throw new Error('--store must be embedded or memory');
  const seed = values.seed === undefined ? undefined : whole(values.seed, 'seed', 0, 0);
  const concurrency = whole(values.concurrency, 'concurrency', 1, 1);
  const config = loadConfig(env);
  if (E.isLeft(config)) throw new ConfigError(config.left);
  const model = chooseLanguageModel(config.right);
  const paths = positionals.length > 0 ? positionals : ['scenarios'];
  let done = 0;
  let total = 0;
  const summary = await runScenarios(paths, {
    seed,
    concurrency,
    grep: values.grep,
    store,
    model,
    env,
    ...(url === undefined ? {} : { stage: () => Promise.resolve(createServerStage({ baseUrl: url, apiKey })) }),
    onResult: (result) => {
      if (reporter === 'pretty') out(`${progressLine(result, ++done, total || done)}\n`);
    },
  });
  total = summary.results.length;
  await model?.close();
  out(reporter === 'json' ? jsonReport(summary) : reporter === 'junit' ? junitReport(summary) : prettyReport(summary));
  if (reporter !== 'pretty') process.stderr.write(`seed ${summary.seed}\n`);
  return summary.failed + summary.errored > 0 || summary.results.length === 0 ? 1 : 0;
};
