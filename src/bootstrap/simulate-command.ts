import { parseArgs } from 'node:util';
import * as t from 'io-ts';
import { AdminGraphqlError, adminGraphql, adminSubscription, findAdminToken, findServerUrl, type AdminEndpoint } from './admin-graphql-client.js';

export const SIMULATE_USAGE = `
  simulate call --to <number> [--from <number>] --say "…" [--say "…"]
                                 a simulated caller dials one of your numbers and says each line,
                                 waiting for the agent's answer; prints the live transcript
  simulate text --to <number> --from <number> --body "…"
                                 a simulated text reaches one of your numbers; prints the reply
    (both talk to a running server on the simulated carrier: --url (default http://HOST:PORT),
     --admin-token, else ADMIN_TOKEN, else --data-dir/DATA_DIR's admin-token; --timeout <s>)
`;

/** Who a simulated caller or texter is when `--from` is not given (a fictional 555-01XX number). */
export const DEFAULT_CALLER = '+14155550123';

/** One turn of a call's transcript, as the admin console gives it (roles in upper case). */
export interface SimulatedTurn {
  readonly id: string;
  readonly role: 'USER' | 'AGENT';
  readonly content: string;
  readonly sequence: number;
}

const Turn = t.type({ id: t.string, role: t.keyof({ USER: null, AGENT: null }), content: t.string, sequence: t.number });
const Started = t.type({ simulateInboundCall: t.type({ id: t.string }) });
const Said = t.type({ sayAsCaller: t.type({ transcript: t.array(Turn) }) });
const HungUp = t.type({ hangUpAsCaller: t.type({ status: t.string }) });
const TranscriptEvent = t.type({
  callTranscript: t.type({ kind: t.keyof({ TURN: null, ENDED: null }), turn: t.union([Turn, t.null]), status: t.union([t.string, t.null]) }),
});
const Texted = t.type({
  simulateInboundSms: t.type({ message: t.type({ id: t.string, receivedAt: t.string }), conversation: t.type({ id: t.string }) }),
});
const Thread = t.type({
  conversation: t.union([
    t.type({ messages: t.type({ items: t.array(t.type({ id: t.string, direction: t.string, body: t.string, status: t.string, receivedAt: t.string })) }) }),
    t.null,
  ]),
});

export interface SimulatedCallResult {
  readonly callId: string;
  /** Every turn, in order, as stored. */
  readonly transcript: readonly SimulatedTurn[];
  /** The call's status at the end (`COMPLETED`…), or null if it was still live when we stopped waiting. */
  readonly status: string | null;
}

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

const label = (role: SimulatedTurn['role']) => (role === 'AGENT' ? 'agent ' : 'caller');

/**
 * `simulate call`: `from` dials `to` on the simulated carrier; for each line, the caller says
 * it once the agent has answered the one before (or `timeoutMs` passed), while the live
 * transcript is printed through `out`. The caller hangs up after the last answer unless the
 * agent ended the call first (a transfer, a hang-up).
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
  let saying: string | null = null; // printed when said, so not again when the stream brings it
  let status: string | null = null;
  const watch = new Watch();
  const stop = new AbortController();
  const stream = await adminSubscription(
    endpoint,
    'subscription ($id: ID!) { callTranscript(callId: $id) { kind status turn { id role content sequence } } }',
    { id: callId },
    TranscriptEvent,
    ({ callTranscript: event }) => {
      const echo = event.turn?.role === 'USER' && event.turn.content === saying;
      if (event.turn && !turns.has(event.turn.id) && !echo) out(`  ${label(event.turn.role)}: ${event.turn.content}`);
      if (event.turn) turns.set(event.turn.id, event.turn);
      if (event.kind === 'ENDED') {
        status = event.status;
        out(`call ended: ${(event.status ?? 'ended').toLowerCase()}`);
      }
      watch.changed();
    },
    stop.signal,
  );
  const ended = () => status !== null;
  const answeredAfter = (sequence: number) => () => ended() || [...turns.values()].some((turn) => turn.role === 'AGENT' && turn.sequence > sequence);
  try {
    await watch.until(answeredAfter(0), Math.min(timeoutMs, 5000)); // the greeting, if the agent has one
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
      const own = said.sayAsCaller.transcript.at(-1)?.sequence ?? 0;
      if (!(await watch.until(answeredAfter(own), timeoutMs))) out(`  (no answer from the agent within ${timeoutMs / 1000} s)`);
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
  return { callId, transcript: [...turns.values()].sort((a, b) => a.sequence - b.sequence), status };
};

export interface SimulatedTextResult {
  readonly messageId: string;
  readonly conversationId: string;
  /** The agent's reply, or null when none came within the time allowed. */
  readonly reply: string | null;
}

/**
 * `simulate text`: a text from `from` reaches our number `to`; prints it, then waits (polling
 * the conversation) for the agent's reply and prints that.
 */
export const simulateText = async (
  endpoint: AdminEndpoint,
  input: { readonly to: string; readonly from?: string; readonly body: string },
  out: (line: string) => void,
  timeoutMs = 20_000,
): Promise<SimulatedTextResult> => {
  const from = input.from ?? DEFAULT_CALLER;
  out(`text: ${from} → ${input.to}`);
  out(`  texter: ${input.body}`);
  const sent = await adminGraphql(
    endpoint,
    'mutation ($to: String!, $from: String!, $body: String!) { simulateInboundSms(to: $to, from: $from, body: $body) { message { id receivedAt } conversation { id } } }',
    { to: input.to, from, body: input.body },
    Texted,
  );
  const { message, conversation } = sent.simulateInboundSms;
  const after = Date.parse(message.receivedAt);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const thread = await adminGraphql(
      endpoint,
      'query ($id: ID!) { conversation(id: $id) { messages(limit: 10) { items { id direction body status receivedAt } } } }',
      { id: conversation.id },
      Thread,
    );
    const reply = thread.conversation?.messages.items.find((m) => m.direction === 'OUTBOUND' && Date.parse(m.receivedAt) >= after);
    if (reply) {
      out(`  agent : ${reply.body}`);
      return { messageId: message.id, conversationId: conversation.id, reply: reply.body };
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // a reply is a separate request of the agent's: poll for it
  }
  out(`  (no reply from the agent within ${timeoutMs / 1000} s)`);
  return { messageId: message.id, conversationId: conversation.id, reply: null };
};

/** Whether the agent said anything after the caller's first words (a greeting alone is no answer). */
export const agentAnswered = (transcript: readonly SimulatedTurn[]): boolean => {
  const first = transcript.find((turn) => turn.role === 'USER');
  return first !== undefined && transcript.some((turn) => turn.role === 'AGENT' && turn.sequence > first.sequence);
};

const OPTIONS = {
  to: { type: 'string' },
  from: { type: 'string' },
  say: { type: 'string', multiple: true },
  body: { type: 'string' },
  url: { type: 'string' },
  'admin-token': { type: 'string' },
  'data-dir': { type: 'string' },
  timeout: { type: 'string' },
} as const;

/**
 * `switchboard simulate call|text …` against a running server. Resolves to the process's exit
 * code (1: the agent never answered; usage and server errors reject with the message).
 */
export const runSimulateCommand = async (
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> => {
  const { positionals, values } = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  const what = positionals[0];
  if (what !== 'call' && what !== 'text') throw new Error(`simulate needs "call" or "text"\n${SIMULATE_USAGE}`);
  if (!values.to) throw new Error(`simulate ${what} needs --to <number> (one of your numbers)`);
  const seconds = values.timeout === undefined ? 20 : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--timeout must be a number of seconds');
  const endpoint = {
    url: findServerUrl({ url: values.url }, env),
    token: await findAdminToken({ adminToken: values['admin-token'], dataDir: values['data-dir'] }, env),
  };
  if (what === 'call') {
    const lines = values.say ?? [];
    if (lines.length === 0) throw new Error('simulate call needs at least one --say "…"');
    const result = await simulateCall(endpoint, { to: values.to, from: values.from, lines }, out, seconds * 1000);
    return agentAnswered(result.transcript) ? 0 : 1;
  }
  if (!values.from) throw new Error('simulate text needs --from <number> (the texter)');
  if (!values.body) throw new Error('simulate text needs --body "…"');
  const result = await simulateText(endpoint, { to: values.to, from: values.from, body: values.body }, out, seconds * 1000);
  return result.reply === null ? 1 : 0;
};
