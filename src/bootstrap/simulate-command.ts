import { parseArgs } from 'node:util';
import * as t from 'io-ts';
import { adminGraphql, findAdminToken, findServerUrl, type AdminEndpoint } from './admin-graphql-client.js';
import { agentAnswered, DEFAULT_CALLER, simulateCall, whyUnanswered } from './simulated-call.js';
import { SIMULATE_USAGE } from './cli-usage.js';
import { whyNoReply } from './unanswered-text.js';

export { agentAnswered, DEFAULT_CALLER, simulateCall, whyUnanswered, type SimulatedCallResult, type SimulatedTurn } from './simulated-call.js';


const Texted = t.type({
  simulateInboundSms: t.type({ message: t.type({ id: t.string, receivedAt: t.string }), conversation: t.type({ id: t.string }) }),
});
const Thread = t.type({
  conversation: t.union([
    t.type({ messages: t.type({ items: t.array(t.type({ id: t.string, direction: t.string, body: t.string, status: t.string, receivedAt: t.string })) }) }),
    t.null,
  ]),
});

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
  for (const line of await whyNoReply(endpoint, conversation.id, message.id, timeoutMs / 1000)) out(`  ${line}`);
  return { messageId: message.id, conversationId: conversation.id, reply: null };
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
    const why = whyUnanswered(result);
    if (why) out(why);
    return agentAnswered(result) ? 0 : 1;
  }
  if (!values.from) throw new Error('simulate text needs --from <number> (the texter)');
  if (!values.body) throw new Error('simulate text needs --body "…"');
  const result = await simulateText(endpoint, { to: values.to, from: values.from, body: values.body }, out, seconds * 1000);
  return result.reply === null ? 1 : 0;
};
