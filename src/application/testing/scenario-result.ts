import type { ContactRecord } from '../ports/scenario-stage.js';
import type { ExpectationResult } from './expectations.js';

/** `errored`: the scenario could not be judged (it did not decode, the stage or a model failed). Never a pass. */
export type Verdict = 'passed' | 'failed' | 'errored';

export interface ScenarioResult {
  readonly name: string;
  /** The file it was read from; null for a scenario given in code. */
  readonly file: string | null;
  readonly verdict: Verdict;
  /** Every expectation's outcome, in the scenario's order (none when it errored before they were checked). */
  readonly expectations: readonly ExpectationResult[];
  /** Why it errored; null otherwise. */
  readonly error: string | null;
  /** The contact's transcript, a line a turn (`caller: …`, `agent: …`). */
  readonly transcript: readonly string[];
  /** Everything the contact left behind; null when it never started. */
  readonly record: ContactRecord | null;
  /** The scenario's own seed, derived from the run's: what its models were given. */
  readonly seed: number;
  /** Real milliseconds the scenario took. */
  readonly durationMs: number;
}

export const failuresOf = (result: ScenarioResult): readonly ExpectationResult[] => result.expectations.filter((e) => !e.passed);

/** What a run of many scenarios adds up to. */
export interface RunSummary {
  readonly seed: number;
  readonly results: readonly ScenarioResult[];
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  readonly durationMs: number;
}

export const summarise = (seed: number, results: readonly ScenarioResult[], durationMs: number): RunSummary => ({
  seed,
  results,
  passed: results.filter((r) => r.verdict === 'passed').length,
  failed: results.filter((r) => r.verdict === 'failed').length,
  errored: results.filter((r) => r.verdict === 'errored').length,
  durationMs,
});

/** A scenario that never ran: its file did not decode, say. */
export const erroredResult = (name: string, file: string | null, error: string, seed: number): ScenarioResult => ({
  name,
  file,
  verdict: 'errored',
  expectations: [],
  error,
  transcript: [],
  record: null,
  seed,
  durationMs: 0,
});
