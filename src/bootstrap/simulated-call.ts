import * as t from 'io-ts';
import { AdminGraphqlError, adminGraphql, adminSubscription, type AdminEndpoint } from './admin-graphql-client.js';

/** Who a simulated caller or texter is when `--from` is not given (a fictional 555-01XX number). */
export const DEFAULT_CALLER = '+14155550123';

/** One turn of a call's transcript, as the admin console gives it (roles in upper case). */
export interface SimulatedTurn {
  readonly id: string;
  readonly role: 'USER' | 'AGENT' | 'TOOL_CALL' | 'TOOL_RESULT';
  readonly content: string;
  readonly sequence: number;
  /** On an agent turn: why it is an apology rather than an answer. */
  readonly error?: string | null;
}

/** What became of one line the caller said. */
export type LineOutcome =
  | { readonly kind: 'answered' }
  /** The server said why the agent did not answer (no webhook, a failing one, the model…). */
  | { readonly kind: 'unanswered'; readonly reason: string; readonly message: string; readonly fix: string }
  | { readonly kind: 'no_answer_in_time'; readonly seconds: number }
  /** The call ended before any answer (the agent transferred or hung up without a word). */
  | { readonly kind: 'call_ended' };

export interface SimulatedCallResult {
  readonly callId: string;
  /** Every turn, in order, as stored. */
  readonly transcript: readonly SimulatedTurn[];
  /** The call's status at the end (`COMPLETED`…), or null if it was still live when we stopped waiting. */
  readonly status: string | null;
  /** Each line said, in order, and what became of it (lines not said, the call being over, are absent). */
  readonly lines: readonly { readonly said: string; readonly outcome: LineOutcome }[];
}

const Turn = t.intersection([
  t.type({ id: t.string, role: t.keyof({ USER: null, AGENT: null, TOOL_CALL: null, TOOL_RESULT: null }), content: t.string, sequence: t.number }),
  t.partial({ error: t.union([t.string, t.null]) }),
]);
const Unanswered = t.type({ turnSequence: t.number, reason: t.string, message: t.string, fix: t.string });
const Started = t.type({ simulateInboundCall: t.type({ id: t.string }) });
const Said = t.type({ sayAsCaller: t.type({ transcript: t.array(Turn) }) });
const HungUp = t.type({ hangUpAsCaller: t.type({ status: t.string }) });
const TranscriptEvent = t.type({
  callTranscript: t.type({
    kind: t.keyof({ TURN: null, UNANSWERED: null, ENDED: null }),
    turn: t.union([Turn, t.null]),
    unanswered: t.union([Unanswered, t.null]),
    status: t.union([t.string, t.null]),
  }),
});

const SUBSCRIPTION =
  'subscription ($id: ID!) { callTranscript(callId: $id) { kind status turn { id role content sequence error } unanswered { turnSequence reason message fix } } }';

/** Something to wait on: woken by every change, with a deadline. */
class Watch {
  private wake: (() => void) | null = null;

  changed(): void {
    this.wake?.();
  }

  /** Resolves true once `done()` holds, false when `timeoutMs` pass first. */
  async until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return true;
  }
}

const LABELS: Record<SimulatedTurn['role'], string> = { USER: 'caller', AGENT: 'agent ', TOOL_CALL: 'tool  ', TOOL_RESULT: 'tool  ' };
const label = (role: SimulatedTurn['role']) => LABELS[role];

/**
 * `simulate call`: `from` dials `to` on the simulated carrier; for each line, the caller says
 * it once the agent has answered the one before (or said why it will not, or `timeoutMs`
 * passed), while the live transcript and every reason for a silence are printed through `out`.
 * The caller hangs up after the last line unless the agent ended the call first.
 */
export const simulateCall = async (
  endpoint: AdminEndpoint,
  input: { readonly to: string; readonly from?: string; readonly lines: readonly string[] },
  out: (line: string) => void,
  timeoutMs = 20_000,
): Promise<SimulatedCallResult> => {
  const started = await adminGraphql(
    endpoint,
    'mutation ($to: String!, $from: String!) { simulateInboundCall(to: $to, from: $from) { id } }',
    { to: input.to, from: input.from ?? DEFAULT_CALLER },
    Started,
  );
  const callId = started.simulateInboundCall.id;
  out(`call ${callId}: ${input.from ?? DEFAULT_CALLER} → ${input.to}`);
  const turns = new Map<string, SimulatedTurn>();
  const unanswered = new Map<number, t.TypeOf<typeof Unanswered>>();
  const fixesShown = new Set<string>();
  let saying: string | null = null; // printed when said, so not again when the stream brings it
  let status: string | null = null;
  const watch = new Watch();
  const stop = new AbortController();
  const stream = await adminSubscription(
    endpoint,
    SUBSCRIPTION,
    { id: callId },
    TranscriptEvent,
    ({ callTranscript: event }) => {
      const echo = event.turn?.role === 'USER' && event.turn.content === saying;
      if (event.turn && !turns.has(event.turn.id) && !echo) out(`  ${label(event.turn.role)}: ${event.turn.content}`);
      if (event.turn) turns.set(event.turn.id, event.turn);
      if (event.unanswered) {
        unanswered.set(event.unanswered.turnSequence, event.unanswered);
        out(`  (no answer: ${event.unanswered.message})`);
        if (!fixesShown.has(event.unanswered.fix)) out(`  (to fix: ${event.unanswered.fix})`);
        fixesShown.add(event.unanswered.fix);
      }
      if (event.kind === 'ENDED') {
        status = event.status;
        out(`call ended: ${(event.status ?? 'ended').toLowerCase()}`);
      }
      watch.changed();
    },
    stop.signal,
  );
  const ended = () => status !== null;
  const agentAfter = (sequence: number) => [...turns.values()].filter((turn) => turn.role === 'AGENT' && turn.sequence > sequence).sort((a, b) => a.sequence - b.sequence)[0];
  const settled = (sequence: number) => () => ended() || unanswered.has(sequence) || agentAfter(sequence) !== undefined;
  const lines: { said: string; outcome: LineOutcome }[] = [];
  try {
    await watch.until(settled(0), Math.min(timeoutMs, 5000)); // the greeting, if the agent has one
    for (const line of input.lines) {
      if (ended()) break;
      saying = line;
      out(`  ${label('USER')}: ${line}`);
      const said = await adminGraphql(
        endpoint,
        'mutation ($id: ID!, $text: String!) { sayAsCaller(callId: $id, text: $text) { transcript { id role content sequence } } }',
        { id: callId, text: line },
        Said,
      );
      // The caller's own turn, not the transcript's last: a fast agent's answer may already follow it.
      const own = said.sayAsCaller.transcript.findLast((turn) => turn.role === 'USER' && turn.content === line)?.sequence ?? 0;
      const inTime = await watch.until(settled(own), timeoutMs);
      if (!inTime) out(`  (no answer from the agent within ${timeoutMs / 1000} s)`);
      lines.push({ said: line, outcome: outcomeOf(unanswered.get(own), agentAfter(own), inTime, timeoutMs) });
    }
    if (!ended()) {
      await adminGraphql(endpoint, 'mutation ($id: ID!) { hangUpAsCaller(callId: $id) { status } }', { id: callId }, HungUp).catch(
        (error: unknown) => {
          // The agent ended it meanwhile (a transfer, a hang-up): its end is on its way in the stream.
          if (!(error instanceof AdminGraphqlError && error.code === 'CONFLICT')) throw error;
        },
      );
      await watch.until(ended, 5000);
    }
  } finally {
    stop.abort();
    await stream.done.catch(() => undefined);
  }
  return { callId, transcript: [...turns.values()].sort((a, b) => a.sequence - b.sequence), status, lines };
};

/**
 * A line is answered by the first agent turn after it, unless the server said why the agent
 * could not answer (that notice comes before any apology), or that turn is an apology itself.
 */
const outcomeOf = (notice: t.TypeOf<typeof Unanswered> | undefined, next: SimulatedTurn | undefined, inTime: boolean, timeoutMs: number): LineOutcome => {
  if (notice) return { kind: 'unanswered', reason: notice.reason, message: notice.message, fix: notice.fix };
  if (next?.error) return { kind: 'unanswered', reason: 'APOLOGY', message: next.error, fix: '' };
  if (next) return { kind: 'answered' };
  return inTime ? { kind: 'call_ended' } : { kind: 'no_answer_in_time', seconds: timeoutMs / 1000 };
};

/**
 * Whether the agent really answered the caller: at least one line said got an answer, and none
 * went unanswered (a greeting, a silence prompt or an apology is no answer). Lines cut short by
 * the agent ending the call (a transfer, a hang-up) count neither way.
 */
export const agentAnswered = (result: Pick<SimulatedCallResult, 'lines'>): boolean =>
  result.lines.some((line) => line.outcome.kind === 'answered') && result.lines.every((line) => line.outcome.kind === 'answered' || line.outcome.kind === 'call_ended');

/** Why the call counts as unanswered, in one line for the end of the output (null: it was answered). */
export const whyUnanswered = (result: Pick<SimulatedCallResult, 'lines'>): string | null => {
  if (agentAnswered(result)) return null;
  const missed = result.lines.filter((line) => line.outcome.kind !== 'answered' && line.outcome.kind !== 'call_ended');
  const first = missed[0]?.outcome;
  const why =
    first?.kind === 'unanswered' ? first.message : first?.kind === 'no_answer_in_time' ? `no answer within ${first.seconds} s` : 'the call ended before any answer';
  return `The agent did not answer the caller (${missed.length} of ${result.lines.length} line(s) unanswered): ${why}`;
};
