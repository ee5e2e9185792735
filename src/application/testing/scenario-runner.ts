import * as E from 'fp-ts/lib/Either.js';
import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';
import type { LanguageModel } from '../ports/language-model.js';
import type { ContactRecord, ScenarioStage, StagedContact } from '../ports/scenario-stage.js';
import { checkExpectation, type ExpectationResult } from './expectations.js';
import { judgeCriteria } from './judge.js';
import type { CallerStep, Expectation, Scenario, ScenarioSource } from './scenario.js';
import { erroredResult, type ScenarioResult } from './scenario-result.js';
import { scenarioSeed } from './seeds.js';
import { playSimulatedCaller } from './simulated-caller.js';
import { transcriptLines } from './transcript-text.js';

export interface ScenarioRunnerDeps {
  readonly schemas: JsonSchemaValidator;
  /** Answers judged criteria; null: a scenario that has some errs. */
  readonly judge: LanguageModel | null;
  /** Plays simulated callers; null: a scenario that has one errs. */
  readonly callerModel: LanguageModel | null;
  /** A hosted agent's model for one scenario; null: the stage's own. */
  readonly agentModel?: (scenario: Scenario) => LanguageModel | null;
  /** Real milliseconds, for the result's duration. */
  readonly now: () => number;
}

/** Thrown by a step the scenario cannot take: it errs, as a scenario that cannot be played is no test. */
class UnplayableStep extends Error {}

const playStep = async (line: StagedContact, step: CallerStep, index: number, scenario: Scenario, next: CallerStep | undefined): Promise<void> => {
  if (scenario.contact === 'inbound_text' && step.kind !== 'text') throw new UnplayableStep(`step ${index + 1} (${step.kind}): an inbound_text scenario's caller can only text`);
  switch (step.kind) {
    case 'say':
      // Cut in while the agent still answers it: the interrupt waits for the words it names.
      return line.say(step.text, next?.kind !== 'interrupt');
    case 'press':
      return line.press(step.digits);
    case 'silence':
      return line.silence(step.seconds);
    case 'interrupt':
      return line.interrupt(step.afterWords, step.text);
    case 'hang_up':
      return line.hangUp();
    case 'machine':
      if (index !== 0 || scenario.contact !== 'outbound_call') throw new UnplayableStep(`step ${index + 1} (machine): only an outbound call's first step can be a machine answering`);
      return line.machine(step.greeting, step.beep);
    case 'transfer':
      return line.transfer(step.answer);
    case 'text':
      return line.text(step.body);
  }
};

const playScript = async (line: StagedContact, scenario: Scenario, steps: readonly CallerStep[]): Promise<void> => {
  for (const [index, step] of steps.entries()) {
    // Texts reach the number whatever became of a call; everything else needs the call live.
    if (line.ended && step.kind !== 'text') break;
    await playStep(line, step, index, scenario, steps[index + 1]);
  }
};

const isJudged = (e: Expectation): e is Extract<Expectation, { kind: 'judged' }> => e.kind === 'judged';

/**
 * Runs one scenario on a stage: sets up its agent and contact, plays its caller, then checks
 * every expectation against what the contact left behind. `passed` only when there were
 * expectations and every one held; `errored` when the scenario could not be played or judged.
 */
export const runScenario = async (source: ScenarioSource, stage: ScenarioStage, runSeed: number, deps: ScenarioRunnerDeps): Promise<ScenarioResult> => {
  const { scenario, file } = source;
  const seed = scenarioSeed(runSeed, scenario.name);
  const started = deps.now();
  const errored = (error: string, record: ContactRecord | null = null): ScenarioResult => ({
    ...erroredResult(scenario.name, file, error, seed),
    record,
    transcript: record ? transcriptLines(record) : [],
    durationMs: deps.now() - started,
  });
  const judged = scenario.expect.filter(isJudged);
  if (judged.length > 0 && deps.judge === null) return errored('the scenario has judged criteria, but no judge model is configured (LLM_BASE_URL, or a judge given to runScenarios)');
  if (scenario.caller.kind === 'simulated' && deps.callerModel === null) return errored('the scenario has a simulated caller, but no model is configured to play it');
  const steps = scenario.caller.kind === 'script' ? scenario.caller.steps : [];
  const opened = await stage.open({
    agent: scenario.agent,
    contact: scenario.contact,
    variables: scenario.variables,
    tools: scenario.tools,
    answeredByMachine: steps[0]?.kind === 'machine',
    model: deps.agentModel?.(scenario) ?? null,
    stepTimeoutMs: scenario.stepTimeoutSeconds * 1000,
  });
  if (E.isLeft(opened)) return errored(opened.left.message);
  const line = opened.right;
  let record: ContactRecord | null = null;
  try {
    if (scenario.caller.kind === 'script') await playScript(line, scenario, steps);
    else await playSimulatedCaller(scenario.caller, line, { model: deps.callerModel!, schemas: deps.schemas, seed });
    record = await line.finish();
    const checked: ExpectationResult[] = scenario.expect.filter((e) => !isJudged(e)).map((e) => checkExpectation(e, record!, deps.schemas));
    const verdicts = await judgeCriteria(deps.judge!, deps.schemas, judged, record, seed);
    // Back in the scenario's order, so a report reads like the file.
    const all = scenario.expect.map((e) => (isJudged(e) ? verdicts.find((v) => v.expectation === e)! : checked.find((c) => c.expectation === e)!));
    const passed = all.length > 0 && all.every((e) => e.passed);
    return { name: scenario.name, file, verdict: passed ? 'passed' : 'failed', expectations: all, error: null, transcript: transcriptLines(record), record, seed, durationMs: deps.now() - started };
  } catch (error) {
    if (record === null) record = await line.finish().catch(() => null);
    return errored(error instanceof Error ? error.message : String(error), record);
  }
};
