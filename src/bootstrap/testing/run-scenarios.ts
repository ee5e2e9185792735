import { randomInt } from 'node:crypto';
import { performance as nodePerformance } from 'node:perf_hooks';
import * as E from 'fp-ts/lib/Either.js';
import type { LanguageModel } from '../../application/ports/language-model.js';
import type { ScenarioStage } from '../../application/ports/scenario-stage.js';
import type { Scenario, ScenarioSource } from '../../application/testing/scenario.js';
import { erroredResult, summarise, type RunSummary, type ScenarioResult } from '../../application/testing/scenario-result.js';
import { runSuite } from '../../application/testing/scenario-suite.js';
import { AjvJsonSchemaValidator } from '../../adapters/ajv/ajv-json-schema-validator.js';
import { ScenarioCodec } from '../../adapters/rest/codecs/scenarios.js';
import { reportProblems } from '../../adapters/rest/decode.js';
import { makeEmbeddedTemplate } from './embedded-template.js';
import { createInProcessStage } from './in-process-stage.js';
import { loadScenarioFiles, type ScenarioFileProblem } from './scenario-files.js';

/** A scenario file or folder (a path), or a scenario as an object (what a file holds, decoded here). */
export type ScenarioInput = string | Readonly<Record<string, unknown>>;

export interface RunScenariosOptions {
  /** Replays a run: every run has one (a fresh one when not given), in its summary. */
  readonly seed?: number;
  /**
   * At most how many scenarios run side by side, each on a Switchboard of its own (default 1).
   * Stages start one by one, a further one while this thread mostly waits (on a webhook, a model).
   */
  readonly concurrency?: number;
  /** Only scenarios whose name matches (a regular expression's source, or one). */
  readonly grep?: string | RegExp;
  /** `embedded` (default): PGlite in a temporary folder; `memory`: faster, nothing written. */
  readonly store?: 'embedded' | 'memory';
  /** Hosted agents' model (e.g. a ScriptedLanguageModel, or the configured one). */
  readonly model?: LanguageModel | null;
  /** A hosted agent's model for one scenario, over `model`. */
  readonly agentModel?: (scenario: Scenario) => LanguageModel | null;
  /** Answers judged criteria (default: `model`). */
  readonly judge?: LanguageModel | null;
  /** Plays simulated callers (default: `model`). */
  readonly callerModel?: LanguageModel | null;
  /** Where scenarios run; default an in-process Switchboard per worker. */
  readonly stage?: () => Promise<ScenarioStage>;
  readonly onResult?: (result: ScenarioResult, index: number) => void;
  /** What `${NAME}` in a scenario file reads (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const problemsAsResults = (problems: readonly ScenarioFileProblem[], seed: number): ScenarioResult[] =>
  problems.map((p) => erroredResult(p.where, p.file, `the scenario did not decode: ${p.problems.join('; ')}`, seed));

/** Decodes every input; Left: the problems of each that did not, as errored results. */
const decodeInputs = async (inputs: readonly ScenarioInput[], seed: number, env: Readonly<Record<string, string | undefined>>): Promise<E.Either<ScenarioResult[], ScenarioSource[]>> => {
  const sources: ScenarioSource[] = [];
  const errored: ScenarioResult[] = [];
  const paths = inputs.filter((input): input is string => typeof input === 'string');
  if (paths.length > 0) {
    const loaded = await loadScenarioFiles(paths, env);
    if (E.isLeft(loaded)) errored.push(...problemsAsResults(loaded.left, seed));
    else sources.push(...loaded.right);
  }
  inputs.forEach((input, index) => {
    if (typeof input === 'string') return;
    const decoded = ScenarioCodec.decode(input);
    if (E.isRight(decoded)) sources.push({ scenario: decoded.right, file: null });
    else {
      const name = typeof input.name === 'string' ? input.name : `scenario ${index + 1}`;
      errored.push(erroredResult(name, null, `the scenario did not decode: ${reportProblems(decoded.left, 'body').map((p) => `${p.field} ${p.message}`).join('; ')}`, seed));
    }
  });
  return errored.length > 0 ? E.left(errored) : E.right(sources);
};

/** The event loop's utilisation since the last call: how much of that time this thread worked. */
const threadBusy = (): (() => number) => {
  let last = nodePerformance.eventLoopUtilization();
  return () => {
    const now = nodePerformance.eventLoopUtilization();
    const since = nodePerformance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
};

const matcher = (grep: string | RegExp | undefined): ((name: string) => boolean) => {
  if (grep === undefined) return () => true;
  const pattern = typeof grep === 'string' ? new RegExp(grep, 'i') : grep;
  return (name) => pattern.test(name);
};

/**
 * Runs scenarios (files, folders or objects) against an in-process Switchboard on the simulated
 * carrier and clock. When any does not decode, none runs: the summary holds each one's problems
 * as an errored result.
 */
export const runScenarios = async (inputs: readonly ScenarioInput[], options: RunScenariosOptions = {}): Promise<RunSummary> => {
  const seed = options.seed ?? randomInt(0x7fffffff);
  const started = performance.now();
  const decoded = await decodeInputs(inputs, seed, options.env ?? process.env);
  if (E.isLeft(decoded)) return summarise(seed, decoded.left, performance.now() - started);
  const chosen = matcher(options.grep);
  const sources = decoded.right.filter((source) => chosen(source.scenario.name));
  const model = options.model ?? null;
  const embedded = options.stage === undefined && (options.store ?? 'embedded') === 'embedded' && sources.length > 0;
  // Every stage starts from one migrated store, kept between runs of the same code.
  const template = embedded ? await makeEmbeddedTemplate() : undefined;
  try {
    return await runSuite(
      sources,
      {
        seed,
        concurrency: options.concurrency ?? 1,
        stage: options.stage ?? (() => createInProcessStage({ store: options.store, model, template })),
        onResult: options.onResult,
        threadBusy: threadBusy(),
      },
      {
        schemas: new AjvJsonSchemaValidator(),
        judge: options.judge === undefined ? model : options.judge,
        callerModel: options.callerModel === undefined ? model : options.callerModel,
        agentModel: options.agentModel,
        now: () => performance.now(),
      },
    );
  } finally {
    await template?.remove();
  }
};

/** Runs one scenario (a file with one scenario, or an object): its result. */
export const runScenario = async (input: ScenarioInput, options: Omit<RunScenariosOptions, 'concurrency' | 'grep'> = {}): Promise<ScenarioResult> => {
  const summary = await runScenarios([input], options);
  if (summary.results.length !== 1) throw new Error(`runScenario runs one scenario; ${typeof input === 'string' ? input : 'the input'} holds ${summary.results.length}`);
  return summary.results[0]!;
};
