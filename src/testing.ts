/**
 * `switchboard/testing`: scenario tests of agents, offline, from any test runner (vitest, jest,
 * `node:test`). See docs/testing.md.
 *
 * ```ts
 * const result = await runScenario('scenarios/opening-hours.yaml', { store: 'memory' });
 * assert.equal(result.verdict, 'passed', result.expectations.filter((e) => !e.passed).map((e) => e.message).join('\n'));
 * ```
 */
export { runScenario, runScenarios, type RunScenariosOptions, type ScenarioInput } from './bootstrap/testing/run-scenarios.js';
export { createInProcessStage, type InProcessStageOptions } from './bootstrap/testing/in-process-stage.js';
export { loadScenarioFiles, decodeScenarioText, type ScenarioFileProblem } from './bootstrap/testing/scenario-files.js';
export { ScenarioCodec } from './adapters/rest/codecs/scenarios.js';
export type { Scenario, ScenarioAgent, ScenarioCaller, CallerStep, Expectation, ToolStub, TextMatch, ContactKind } from './application/testing/scenario.js';
export type { ScenarioResult, RunSummary, Verdict } from './application/testing/scenario-result.js';
export { failuresOf } from './application/testing/scenario-result.js';
export type { ExpectationResult } from './application/testing/expectations.js';
export type { ScenarioStage, StagedContact, StageSetup, ContactRecord } from './application/ports/scenario-stage.js';
export { ScriptedLanguageModel, type ScriptedReply, type ScriptEntry } from './adapters/scripted/scripted-language-model.js';
