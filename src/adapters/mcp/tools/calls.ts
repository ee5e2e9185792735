import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { RequiredConsent } from '../../../domain/consent.js';
import type { AppError } from '../../../application/errors.js';
import type { TranscriptTurn } from '../../../domain/call.js';
import type { E164 } from '../../../domain/e164.js';
import { callLatencyOf } from '../../../domain/turn-latency.js';
import { CreateCallBody, ListCallsQuery } from '../../rest/codecs/calls.js';
import { CallingWindowBody, toCallingWindow } from '../../rest/codecs/campaigns.js';
import { boundedText, idText, MAX_LENGTH } from '../../rest/codecs/text.js';
import { callView, placedCallView, turnView } from '../../rest/views/calls.js';
import { queryString, snakeCased } from '../arguments.js';
import { waitForCallEnd } from '../call-end.js';
import { secondsBetween } from '../codecs.js';
import { originOf, outcome, output, projectOf, readOnly, tool, type AnyTool, type ToolContext, type ToolOutput } from '../tool.js';

const [CallTarget, CallOptions] = CreateCallBody.types;
// The tools have one way to wait, their own (make_conversation_call's `wait` and
// `max_wait_seconds`, get_call's `wait`): REST's waitForCompletion / maxWaitSeconds are left out.
const { systemPrompt: _perCallPrompt, waitForCompletion: _restWait, maxWaitSeconds: _restMaxWait, ...webhookCallOptions } = CallOptions.props;

/** make_call: REST's call body without the per-call prompt (a webhook-driven call) or REST's wait. */
const MakeCallBody = t.intersection([CallTarget, t.partial(webhookCallOptions)]);

/** make_conversation_call: the call body with its prompt required (as `topic`), and how long to wait. */
const ConversationCallArgs = t.intersection([
  snakeCased(MakeCallBody).codec,
  t.type({ topic: boundedText(MAX_LENGTH.prompt) }),
  t.partial({ wait: t.boolean, max_wait_seconds: secondsBetween(10, 600) }),
]);

const GetCallArgs = t.intersection([t.type({ call_id: idText }), t.partial({ wait: t.boolean, timeout: secondsBetween(1, 600) })]);

// The words that open every outbound call, saying an AI is calling, are the operator's
// AI_DISCLOSURE setting, spoken by the call itself: tools need not (and must not) add them twice.
const IDENTITY_RULES =
  'You are an AI assistant placing this phone call. Never claim or imply to be human; say you are an AI whenever asked. ' +
  'When the goal is reached or the callee wants to stop, say goodbye and end the call.';

/** The call with its transcript as get_call shows it, and whether it has ended. */
const callWithTranscript = async (context: ToolContext, callId: string, note: (ended: boolean) => string): Promise<E.Either<AppError, ToolOutput>> =>
  outcome(context.useCases.calls.getCall.execute({ projectId: projectOf(context), callId }), ({ call, transcript, recordingEnabled }) =>
    output(`${note(call.status !== 'in-progress')} Call ${call.id} to ${call.toNumber}: ${call.status}, ${transcript.length} transcript turns.${call.optOut ? ' The person asked not to be called again: their number is on the suppression list.' : ''}`, {
      ...callView(call, recordingEnabled),
      ...callLatencyOf(transcript),
      transcript: transcript.map(turnView),
    }),
  );

/** While a tool waits for a call, each turn is a progress notice: the client sees the talk as it goes (and its timeout restarts). */
const turnProgress = (context: ToolContext) => (turn: TranscriptTurn) => context.progress(`${turn.role === 'agent' ? 'Agent' : 'Callee'}: ${turn.content}`);

interface PlaceInput {
  readonly agentId: string;
  readonly toNumber: E164;
  readonly fromNumberId?: string | null;
  readonly initialGreeting?: string | null;
  readonly voice?: string | null;
  readonly variables?: Readonly<Record<string, string>> | null;
  readonly voicemailDetection?: boolean;
  readonly requireConsent?: RequiredConsent | null;
  readonly callingWindow?: t.TypeOf<typeof CallingWindowBody> | null;
  readonly recordingDisclosure?: string | null;
}

/** Places the call; the call opens with the operator's AI disclosure, then the greeting (the call's own, or the agent's). */
const place = async (context: ToolContext, body: PlaceInput, systemPrompt: string | null, path: 'MCP make_call' | 'MCP make_conversation_call') =>
  context.useCases.calls.placeOutboundCall.execute({
    projectId: projectOf(context),
    agentId: body.agentId,
    toNumber: body.toNumber,
    fromNumberId: body.fromNumberId ?? null,
    initialGreeting: body.initialGreeting ?? null,
    voice: body.voice ?? null,
    systemPrompt,
    variables: body.variables ?? {},
    voicemailDetection: body.voicemailDetection ?? true,
    requireConsent: body.requireConsent ?? null,
    callingWindow: body.callingWindow ? toCallingWindow(body.callingWindow) : null,
    origin: originOf(context, path),
    ...(body.recordingDisclosure !== undefined ? { recordingDisclosure: body.recordingDisclosure } : {}),
  })();

export const callTools: readonly AnyTool[] = [
  tool({
    name: 'list_calls',
    title: 'List calls',
    description:
      'The call log, newest first; filter by `agent_id`, `number_id` (calls on that number), `status` (ringing, in-progress, completed, failed, busy, no-answer), ' +
      '`direction`, `type`, or `search` (a number or words of the transcript).',
    args: queryString(t.intersection([t.partial({ agent_id: idText, number_id: idText }), ListCallsQuery])),
    annotations: readOnly,
    access: 'project',
    run: (context, q) => {
      const query = { limit: q.limit, offset: q.offset, status: q.status ?? null, direction: q.direction ?? null, type: q.type ?? null, search: q.search?.trim() ? q.search : null, agentId: q.agent_id ?? null, numberId: q.number_id ?? null };
      return outcome(context.useCases.calls.listCalls.execute({ projectId: projectOf(context), query }), ({ page, recordingEnabled }) =>
        output(`${page.items.length} of ${page.total} calls.`, {
          data: page.items.map((call) => callView(call, recordingEnabled)),
          hasMore: query.offset + page.items.length < page.total,
          total: page.total,
        }),
      );
    },
  }),
  tool({
    name: 'get_call',
    title: 'Get a call',
    description: 'One call with its transcript. With `wait`: true, waits until the call ends (at most `timeout` seconds, 1–600, default 60).',
    args: { codec: GetCallArgs, read: (decoded) => decoded as t.TypeOf<typeof GetCallArgs> },
    annotations: readOnly,
    access: 'project',
    run: async (context, args) => {
      if (args.wait) {
        const maxMs = (args.timeout ?? 60) * 1000;
        const ended = await waitForCallEnd(context.useCases.calls, { projectId: projectOf(context), callId: args.call_id, maxMs, signal: context.signal, onTurn: turnProgress(context) });
        if (E.isLeft(ended)) return ended;
      }
      return callWithTranscript(context, args.call_id, (ended) => (ended ? 'Ended.' : 'Still in progress.'));
    },
  }),
  tool({
    name: 'make_call',
    title: 'Place a call',
    description:
      "Call `to_number` (E.164) from one of the agent's numbers; the agent's webhook (or its hosted prompt) drives the talk. " +
      '`variables` fill `{{name}}` in the greeting and prompt; `voicemail_detection`: false turns answering-machine detection off. ' +
      'The call opens by saying it is an AI assistant. Returns at once; follow it with get_call (`wait`: true waits for the end).',
    args: snakeCased(MakeCallBody),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    access: 'project',
    run: async (context, body) => E.map((call: Parameters<typeof placedCallView>[0]) => output(`Calling ${call.toNumber} from ${call.fromNumber}: call ${call.id}.`, placedCallView(call)))(await place(context, body, null, 'MCP make_call')),
  }),
  tool({
    name: 'make_conversation_call',
    title: 'Place a conversation call',
    description:
      'Place a call where the AI holds the conversation itself, pursuing `topic` (the goal: what to ask, arrange or find out); no webhook needed. ' +
      'The agent must have a number attached. The call opens by saying it is an AI assistant. By default waits until the call ends ' +
      '(at most `max_wait_seconds`, 10–600, default 300) and returns the transcript; `wait`: false returns at once.',
    args: { codec: ConversationCallArgs, read: (decoded) => decoded as t.TypeOf<typeof ConversationCallArgs> },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    access: 'project',
    run: async (context, args) => {
      const seconds = args.max_wait_seconds ?? 300;
      const body = {
        agentId: args.agent_id,
        toNumber: args.to_number,
        fromNumberId: args.from_number_id,
        initialGreeting: args.initial_greeting,
        voice: args.voice,
        variables: args.variables,
        voicemailDetection: args.voicemail_detection,
        requireConsent: args.require_consent,
        callingWindow: args.calling_window,
        recordingDisclosure: args.recording_disclosure,
      };
      const placed = await place(context, body, `${IDENTITY_RULES}\n\nThe goal of this call:\n${args.topic}`, 'MCP make_conversation_call');
      if (E.isLeft(placed)) return placed;
      const call = placed.right;
      if (args.wait === false) return E.right(output(`Calling ${call.toNumber}: call ${call.id}. Read it later with get_call.`, placedCallView(call)));
      const ended = await waitForCallEnd(context.useCases.calls, { projectId: projectOf(context), callId: call.id, maxMs: seconds * 1000, signal: context.signal, onTurn: turnProgress(context) });
      if (E.isLeft(ended)) return ended;
      return callWithTranscript(context, call.id, (done) => (done ? 'The call ended.' : `Still in progress after ${seconds} s; read it later with get_call.`));
    },
  }),
  tool({
    name: 'end_call',
    title: 'End a call',
    description: 'DESTRUCTIVE: hang up a call in progress; it cannot be resumed.',
    args: snakeCased(t.type({ callId: idText })),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    access: 'project',
    run: (context, { callId }) =>
      outcome(context.useCases.calls.endCall.execute({ projectId: projectOf(context), callId }), (call) => output(`Ending call ${call.id}.`, { id: call.id, status: 'ending' })),
  }),
];
