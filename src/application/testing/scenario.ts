import type { KnowledgeCopy } from '../ports/scenario-stage.js';

/**
 * A scenario test of an agent: who calls (or texts) it, what the caller does, and what must
 * come of it. Decoded once at the edge (the scenario files' codec); here only the shape.
 */

export const CONTACT_KINDS = ['inbound_call', 'outbound_call', 'web_call', 'inbound_text'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The agent a scenario tests: one that exists (by id), or one made for the scenario from its definition. */
export type ScenarioAgent =
  | { readonly kind: 'existing'; readonly id: string }
  | {
      readonly kind: 'inline';
      /** The body of `POST /v1/agents`, as the scenario gives it (already checked against that body's codec). */
      readonly definition: Readonly<Record<string, unknown>>;
      /** A webhook agent's webhook; its `secret`, when given, replaces the one Switchboard issues (so the agent under test can check signatures). */
      readonly webhook: { readonly url: string; readonly secret: string | null; readonly timeoutSeconds: number | null } | null;
      /** A server run's copies of the project agent's knowledge bases (a scenario file names none). */
      readonly knowledge?: readonly KnowledgeCopy[];
    };

/** One thing the caller does, in order. */
export type CallerStep =
  | { readonly kind: 'say'; readonly text: string }
  | { readonly kind: 'press'; readonly digits: string }
  | { readonly kind: 'silence'; readonly seconds: number }
  /** Cuts in once the agent has said `afterWords` words of its answer to the step before, then says `text`. */
  | { readonly kind: 'interrupt'; readonly text: string; readonly afterWords: number }
  | { readonly kind: 'hang_up' }
  /** An outbound call's first step: a machine picks up, plays its greeting, then (maybe) beeps. */
  | { readonly kind: 'machine'; readonly greeting: string; readonly beep: boolean }
  /** The human a warm transfer rings picks up, or does not. */
  | { readonly kind: 'transfer'; readonly answer: boolean }
  /** A text to the agent's number (an inbound text's reply, or a text during a call). */
  | { readonly kind: 'text'; readonly body: string };

export type ScenarioCaller =
  | { readonly kind: 'script'; readonly steps: readonly CallerStep[] }
  | { readonly kind: 'simulated'; readonly persona: string; readonly goal: string; readonly maxTurns: number };

/** How a stubbed custom tool answers: no request leaves the machine. */
export type ToolStub =
  | { readonly kind: 'answer'; readonly json: unknown }
  | { readonly kind: 'error'; readonly status: number; readonly body: string }
  | { readonly kind: 'timeout' };

/** Text as given, or a pattern (a regular expression's source, matched case-insensitively). */
export type TextMatch = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'pattern'; readonly pattern: string };

export interface Bounds {
  readonly min: number | null;
  readonly max: number | null;
}

export type Expectation =
  /** `turn`: the agent's n-th turn (1: its first, the greeting if it has one); null: any. */
  | { readonly kind: 'said'; readonly match: TextMatch; readonly turn: number | null }
  | { readonly kind: 'not_said'; readonly match: TextMatch }
  | { readonly kind: 'tool_called'; readonly name: string; readonly arguments: Readonly<Record<string, unknown>> | null }
  | { readonly kind: 'transferred'; readonly to: string | null; readonly mode: 'cold' | 'warm' | null }
  | { readonly kind: 'hung_up'; readonly disconnectionReason: string | null }
  | { readonly kind: 'voicemail'; readonly match: TextMatch | null }
  | { readonly kind: 'digits_sent'; readonly digits: string }
  | { readonly kind: 'analysis'; readonly field: string; readonly equals: unknown; readonly match: TextMatch | null }
  | { readonly kind: 'turns'; readonly bounds: Bounds }
  | { readonly kind: 'duration_seconds'; readonly bounds: Bounds }
  | { readonly kind: 'answer_latency_ms'; readonly bounds: Bounds }
  | { readonly kind: 'replied'; readonly match: TextMatch | null }
  /** A plain-language rubric line a language model answers pass or fail. */
  | { readonly kind: 'judged'; readonly criterion: string };

export interface Scenario {
  readonly name: string;
  readonly agent: ScenarioAgent;
  readonly contact: ContactKind;
  readonly variables: Readonly<Record<string, string>>;
  readonly caller: ScenarioCaller;
  /** By tool name. */
  readonly tools: Readonly<Record<string, ToolStub>>;
  readonly expect: readonly Expectation[];
  /** The longest a step may wait for the agent, in real seconds. */
  readonly stepTimeoutSeconds: number;
}

/** A scenario and where it was read from (a file, or a name a host gave it). */
export interface ScenarioSource {
  readonly scenario: Scenario;
  readonly file: string | null;
}
