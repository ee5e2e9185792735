import type { TranscriptTurn } from '../../domain/call.js';
import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';
import type { ContactRecord } from '../ports/scenario-stage.js';
import type { Bounds, Expectation, TextMatch } from './scenario.js';

/** One expectation's outcome: `message` says what was expected and what came instead. */
export interface ExpectationResult {
  readonly expectation: Expectation;
  readonly passed: boolean;
  readonly message: string;
}

const describe = (match: TextMatch): string => (match.kind === 'text' ? `"${match.text}"` : `/${match.pattern}/i`);

/** Text matches ignoring case and runs of spaces: a caller hears words, not their spelling. */
export const matches = (match: TextMatch, said: string): boolean => {
  if (match.kind === 'pattern') return new RegExp(match.pattern, 'i').test(said);
  const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return squeeze(said).includes(squeeze(match.text));
};

const agentTurns = (record: ContactRecord): readonly TranscriptTurn[] => record.transcript.filter((turn) => turn.role === 'agent');

const agentWords = (record: ContactRecord): readonly string[] =>
  record.texts.length > 0 ? record.texts.filter((m) => m.direction === 'outbound').map((m) => m.body) : agentTurns(record).map((turn) => turn.content);

const quoted = (said: readonly string[]): string => (said.length === 0 ? 'nothing' : said.map((s) => `"${s}"`).join(', '));

const within = (bounds: Bounds, value: number): boolean => (bounds.min === null || value >= bounds.min) && (bounds.max === null || value <= bounds.max);

const boundsText = (bounds: Bounds): string =>
  [bounds.min === null ? null : `at least ${bounds.min}`, bounds.max === null ? null : `at most ${bounds.max}`].filter((p) => p !== null).join(' and ');

const result = (expectation: Expectation, passed: boolean, expected: string, got: string): ExpectationResult => ({
  expectation,
  passed,
  message: passed ? expected : `expected ${expected}, but ${got}`,
});

/** The latency of each of the agent's answers: until its first words reached the caller. */
const latencies = (record: ContactRecord): readonly number[] =>
  record.transcript.flatMap((turn) => (turn.latency?.firstTextMs === null || turn.latency?.firstTextMs === undefined ? [] : [turn.latency.firstTextMs]));

const analysisField = (record: ContactRecord, field: string): unknown =>
  field.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), record.analysis);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks one deterministic expectation against what the contact left behind. Judged criteria
 * are the judge's (`judge.ts`); given one here, it fails, so nothing passes unexamined.
 */
export const checkExpectation = (expectation: Expectation, record: ContactRecord, schemas: JsonSchemaValidator): ExpectationResult => {
  switch (expectation.kind) {
    case 'said': {
      const said = agentWords(record);
      if (expectation.turn === null) return result(expectation, said.some((s) => matches(expectation.match, s)), `the agent to say ${describe(expectation.match)}`, `it said ${quoted(said)}`);
      const turn = said[expectation.turn - 1];
      const got = turn === undefined ? `it had only ${said.length} turn(s)` : `its turn ${expectation.turn} was "${turn}"`;
      return result(expectation, turn !== undefined && matches(expectation.match, turn), `the agent to say ${describe(expectation.match)} in its turn ${expectation.turn}`, got);
    }
    case 'not_said': {
      const hit = agentWords(record).find((s) => matches(expectation.match, s));
      return result(expectation, hit === undefined, `the agent never to say ${describe(expectation.match)}`, `it said "${hit}"`);
    }
    case 'tool_called': {
      const calls = record.transcript.filter((turn) => turn.role === 'tool_call' && turn.tool?.name === expectation.name);
      const expected = `the agent to call ${expectation.name}${expectation.arguments ? ' with arguments matching the schema' : ''}`;
      if (calls.length === 0) {
        const others = record.transcript.filter((turn) => turn.role === 'tool_call').map((turn) => turn.tool?.name ?? '?');
        return result(expectation, false, expected, others.length === 0 ? 'it called no tool' : `it called only ${others.join(', ')}`);
      }
      if (expectation.arguments === null) return result(expectation, true, expected, '');
      const problems = calls.map((call) => schemas.valueProblem(expectation.arguments!, call.tool?.arguments ?? {}));
      return result(expectation, problems.some((p) => p === null), expected, `its arguments did not: ${problems.filter((p) => p !== null).join('; ')}`);
    }
    case 'transferred': {
      const fits = record.transfers.filter((t) => (expectation.to === null || t.to === expectation.to) && (expectation.mode === null || t.mode === expectation.mode));
      const got = record.transfers.length === 0 ? 'there was no transfer' : `it transferred ${record.transfers.map((t) => `${t.mode} to ${t.to}`).join(', ')}`;
      return result(expectation, fits.length > 0, `a ${expectation.mode ?? 'cold or warm'} transfer${expectation.to ? ` to ${expectation.to}` : ''}`, got);
    }
    case 'hung_up': {
      const reason = record.disconnectionReason;
      const passed = record.status !== 'in-progress' && reason !== null && (expectation.disconnectionReason === null || reason === expectation.disconnectionReason);
      return result(expectation, passed, `the call to end${expectation.disconnectionReason ? ` with ${expectation.disconnectionReason}` : ''}`, reason === null ? 'it did not end' : `it ended with ${reason}`);
    }
    case 'voicemail': {
      const left = record.voicemail;
      const passed = left !== null && (expectation.match === null || matches(expectation.match, left));
      return result(expectation, passed, `a voicemail${expectation.match ? ` saying ${describe(expectation.match)}` : ''}`, left === null ? 'none was left' : `it said "${left}"`);
    }
    case 'digits_sent': {
      const sent = record.digitsSent.join('');
      return result(expectation, sent.includes(expectation.digits), `the agent to press ${expectation.digits}`, sent === '' ? 'it pressed nothing' : `it pressed ${sent}`);
    }
    case 'analysis': {
      const value = analysisField(record, expectation.field);
      const passed = expectation.match !== null ? typeof value === 'string' && matches(expectation.match, value) : sameJson(value, expectation.equals);
      const wanted = expectation.match !== null ? describe(expectation.match) : JSON.stringify(expectation.equals);
      return result(expectation, passed, `analysis ${expectation.field} to be ${wanted}`, record.analysis === null ? 'there was no analysis' : `it was ${JSON.stringify(value) ?? 'missing'}`);
    }
    case 'turns': {
      const count = record.transcript.filter((turn) => turn.role === 'user' || turn.role === 'agent').length + record.texts.length;
      return result(expectation, within(expectation.bounds, count), `${boundsText(expectation.bounds)} turns`, `there were ${count}`);
    }
    case 'duration_seconds': {
      const seconds = record.durationSeconds;
      return result(expectation, seconds !== null && within(expectation.bounds, seconds), `a call of ${boundsText(expectation.bounds)} s`, seconds === null ? 'the call has no duration' : `it lasted ${seconds} s`);
    }
    case 'answer_latency_ms': {
      const all = latencies(record);
      const worst = all.length === 0 ? null : Math.max(...all);
      return result(expectation, worst !== null && all.every((ms) => within(expectation.bounds, ms)), `every answer within ${boundsText(expectation.bounds)} ms`, worst === null ? 'no answer was timed' : `the slowest took ${worst} ms`);
    }
    case 'replied': {
      const replies = record.texts.filter((m) => m.direction === 'outbound').map((m) => m.body);
      const passed = expectation.match === null ? replies.length > 0 : replies.some((r) => matches(expectation.match!, r));
      return result(expectation, passed, `a text reply${expectation.match ? ` saying ${describe(expectation.match)}` : ''}`, replies.length === 0 ? 'no reply came' : `the replies were ${quoted(replies)}`);
    }
    case 'judged':
      return result(expectation, false, `a judge's verdict on "${expectation.criterion}"`, 'no judge was asked');
  }
};
