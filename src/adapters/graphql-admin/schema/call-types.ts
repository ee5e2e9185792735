import { Repeater } from 'graphql-yoga';
import * as E from 'fp-ts/lib/Either.js';
import { explainUnanswered } from '../../../application/events/unanswered-turn.js';
import { callLatencyOf } from '../../../domain/turn-latency.js';
import type { TranscriptStreamEvent } from '../../../application/use-cases/calls/stream-transcript.js';
import { ANSWERED_BY, type AnsweredBy, type Call } from '../../../domain/call.js';
import { failure, graphqlErrorOf, run, runOrNull } from '../errors.js';
import { connectionOf, connectionType, type AdminBuilder, type TranscriptEvent } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import type { AdminEnums } from './enums.js';
import { defineCallAnalysisType } from './call-analysis-type.js';
import { defineTurnLatencyType } from './turn-latency-type.js';
import { defineTurnSourceType } from './turn-source-type.js';
import { phoneNumber, simulatedOnly } from './mutations.js';
import { pageArgs, pageRequest } from './paging.js';

const transcriptEventOf = (call: Call, event: TranscriptStreamEvent): TranscriptEvent => {
  const none = { callId: call.id, turn: null, unanswered: null, status: null };
  switch (event.type) {
    case 'turn':
      return { ...none, kind: 'turn', turn: event.turn };
    case 'unanswered': {
      const { turnSequence, reason } = event;
      return { ...none, kind: 'unanswered', unanswered: { turnSequence, reason, ...explainUnanswered(reason, call.agentId) } };
    }
    case 'ended':
      return { ...none, kind: 'ended', status: event.status };
  }
};

const idOrNull = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** Calls, their transcripts live and stored, and the simulated caller. */
export const defineCallTypes = (builder: AdminBuilder, deps: AdminSchemaDeps, enums: AdminEnums) => {
  const { calls, admin } = deps.useCases;
  /** The call's median and 95th percentile answer latency, from its transcript. */
  const latencyOfCall = async (c: Call) => callLatencyOf((await run(calls.getCall.execute({ projectId: c.projectId, callId: c.id }))).transcript);
  const { CallStatus, CallDirection, CallType, TurnRole, TranscriptEventKind, UnansweredReason } = enums;

  builder.objectType('Call', {
    fields: (t) => ({
      id: t.exposeID('id'),
      projectId: t.exposeID('projectId'),
      agentId: t.exposeID('agentId', { nullable: true }),
      phoneNumberId: t.exposeID('phoneNumberId', { nullable: true }),
      fromNumber: t.exposeString('fromNumber'),
      toNumber: t.exposeString('toNumber'),
      direction: t.field({ type: CallDirection, resolve: (c) => c.direction }),
      type: t.field({ type: CallType, resolve: (c) => c.type }),
      status: t.field({ type: CallStatus, resolve: (c) => c.status }),
      startedAt: t.expose('startedAt', { type: 'DateTime' }),
      endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
      durationSeconds: t.exposeInt('durationSeconds', { nullable: true }),
      disconnectionReason: t.exposeString('disconnectionReason', { nullable: true }),
      answeredBy: t.exposeString('answeredBy', { nullable: true, description: 'Outbound calls with answering-machine detection: who picked up.' }),
      optOut: t.exposeBoolean('optOut', { description: 'The person asked on the call not to be called again: their number is on the suppression list.' }),
      lastTranscriptSnippet: t.exposeString('lastTranscriptSnippet', { nullable: true }),
      recordingAvailable: t.exposeBoolean('recordingAvailable'),
      recordingDisclosure: t.exposeString('recordingDisclosure', { nullable: true, description: 'What the call said before its greeting because it was recorded; null: nothing.' }),
      recordingUrl: t.exposeString('recordingUrl', { nullable: true }),
      metadata: t.expose('metadata', { type: 'JSON', nullable: true }),
      transcript: t.field({
        type: ['TranscriptTurn'],
        description: 'Every turn so far, in order.',
        resolve: async (c) => (await run(calls.getCall.execute({ projectId: c.projectId, callId: c.id }))).transcript,
      }),
      latencyP50Ms: t.int({
        nullable: true,
        description: "The median of the agent's answers' time from the caller's words to the first text sent, in ms.",
        resolve: async (c) => (await latencyOfCall(c)).latencyP50Ms,
      }),
      latencyP95Ms: t.int({
        nullable: true,
        description: "The 95th percentile of the agent's answers' time from the caller's words to the first text sent, in ms.",
        resolve: async (c) => (await latencyOfCall(c)).latencyP95Ms,
      }),
      analysis: t.field({
        type: 'CallAnalysis',
        nullable: true,
        description: 'The post-call analysis; null when the agent asks for none.',
        resolve: async (c) => (await run(calls.getCall.execute({ projectId: c.projectId, callId: c.id }))).analysis ?? null,
      }),
    }),
  });

  defineCallAnalysisType(builder);
  connectionType(builder, 'CallPage', 'Call', 'Calls, the latest first.');

  builder.objectType('TranscriptTurn', {
    fields: (t) => ({
      id: t.exposeID('id'),
      role: t.field({ type: TurnRole, resolve: (turn) => turn.role }),
      content: t.exposeString('content'),
      interrupted: t.exposeBoolean('interrupted', { description: 'The caller cut the agent off; content is what was said.' }),
      error: t.string({
        nullable: true,
        description: 'Why the agent could not answer on this turn (e.g. the language model failed); content is the apology said instead.',
        resolve: (turn) => turn.error ?? null,
      }),
      tool: t.field({
        type: 'JSON',
        nullable: true,
        description: 'On tool_call / tool_result turns: the tool, the model’s call id, the arguments or the outcome.',
        resolve: (turn) => turn.tool ?? null,
      }),
      sequence: t.exposeInt('sequence'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      latency: t.field({
        type: 'TurnLatency',
        nullable: true,
        description: "On the agent's answers: how long it took from the caller's words.",
        resolve: (turn) => turn.latency ?? null,
      }),
    }),
  });

  defineTurnLatencyType(builder);
  defineTurnSourceType(builder);

  builder.objectType('UnansweredTurn', {
    description: 'A caller turn the agent did not answer (live only, never stored): why, and what to change.',
    fields: (t) => ({
      turnSequence: t.exposeInt('turnSequence', { description: 'The sequence of the caller turn.' }),
      reason: t.field({ type: UnansweredReason, resolve: (u) => u.reason.kind }),
      message: t.exposeString('message'),
      fix: t.exposeString('fix'),
      httpStatus: t.int({ nullable: true, resolve: (u) => (u.reason.kind === 'webhook_failed' ? u.reason.httpStatus : null) }),
      error: t.string({ nullable: true, resolve: (u) => ('error' in u.reason ? u.reason.error : null) }),
      timeoutSeconds: t.int({ nullable: true, resolve: (u) => (u.reason.kind === 'webhook_timed_out' ? u.reason.timeoutSeconds : null) }),
    }),
  });

  builder.objectType('TranscriptEvent', {
    description: 'A turn of a call, a caller turn left unanswered, or its end (then the stream closes).',
    fields: (t) => ({
      kind: t.field({ type: TranscriptEventKind, resolve: (e) => e.kind }),
      callId: t.exposeID('callId'),
      turn: t.expose('turn', { type: 'TranscriptTurn', nullable: true }),
      unanswered: t.expose('unanswered', { type: 'UnansweredTurn', nullable: true, description: 'On `unanswered` (live only): the caller turn the agent did not answer, why, and what to change.' }),
      status: t.field({ type: CallStatus, nullable: true, resolve: (e) => e.status }),
    }),
  });

  builder.objectField('Project', 'calls', (t) =>
    t.field({
      type: 'CallPage',
      description: 'Calls, the latest first.',
      args: {
        ...pageArgs(t),
        status: t.arg({ type: CallStatus }),
        direction: t.arg({ type: CallDirection }),
        type: t.arg({ type: CallType }),
        search: t.arg.string({ description: 'Contains, on the from or to number.' }),
        agentId: t.arg.id(),
      },
      resolve: async (p, args) => {
        const page = pageRequest(args);
        const query = {
          ...page,
          status: args.status ?? null,
          direction: args.direction ?? null,
          type: args.type ?? null,
          search: args.search?.trim() || null,
          agentId: idOrNull(args.agentId),
          numberId: null,
        };
        return connectionOf((await run(calls.listCalls.execute({ projectId: p.id, query }))).page, page);
      },
    }),
  );

  const findCall = (callId: string) => run(admin.findCall.execute({ callId }));

  builder.queryField('call', (t) =>
    t.field({
      type: 'Call',
      nullable: true,
      description: 'One call by its id, whatever its project.',
      args: { id: t.arg.id({ required: true }) },
      resolve: (_, args) => runOrNull(admin.findCall.execute({ callId: String(args.id) })),
    }),
  );

  builder.mutationField('endCall', (t) =>
    t.field({
      type: 'Call',
      description: 'Hangs up a live call (reason ended_by_api); a call not in progress is a CONFLICT.',
      args: { callId: t.arg.id({ required: true }) },
      resolve: async (_, args) => {
        const call = await findCall(String(args.callId));
        return run(calls.endCall.execute({ projectId: call.projectId, callId: call.id }));
      },
    }),
  );

  builder.mutationField('simulateInboundCall', (t) =>
    t.field({
      type: 'Call',
      description: 'Simulated carrier only: `from` dials our number `to` and its agent answers.',
      args: { to: t.arg.string({ required: true }), from: t.arg.string({ required: true }) },
      resolve: async (_, args) => {
        const simulated = simulatedOnly(deps, 'Starting a call');
        const started = await simulated.startInbound({ to: phoneNumber('to', args.to), from: phoneNumber('from', args.from) });
        if (E.isLeft(started)) throw graphqlErrorOf(started.left);
        return findCall(started.right.callId);
      },
    }),
  );

  builder.mutationField('answerSimulatedCall', (t) =>
    t.field({
      type: 'Call',
      description:
        'Simulated carrier only: the recipient of an outbound call picks up. `answeredBy` plays answering-machine detection ' +
        '(`human` by default; `machine_end_beep` gets the voicemail message or a hang-up).',
      args: { callId: t.arg.id({ required: true }), answeredBy: t.arg.string({ required: false }) },
      resolve: async (_, args) => {
        const simulated = simulatedOnly(deps, 'Answering a call');
        const answeredBy = args.answeredBy ?? 'human';
        if (!(ANSWERED_BY as readonly string[]).includes(answeredBy)) {
          throw failure(`answeredBy must be one of ${ANSWERED_BY.join(', ')}`, 'VALIDATION_ERROR');
        }
        const call = await findCall(String(args.callId));
        const answered = await simulated.answerOutbound(call.id, answeredBy as AnsweredBy);
        if (E.isLeft(answered)) throw graphqlErrorOf(answered.left);
        return findCall(call.id);
      },
    }),
  );

  builder.mutationField('sayAsCaller', (t) =>
    t.field({
      type: 'Call',
      description:
        "Simulated carrier only: the caller says `text` on a live call. The call's transcript includes this turn; the agent's answer follows in the transcript (callTranscript).",
      args: { callId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
      resolve: async (_, args) => {
        const simulated = simulatedOnly(deps, 'Speaking as the caller');
        if (args.text.trim() === '') throw failure('text must not be empty', 'VALIDATION_ERROR');
        const call = await findCall(String(args.callId));
        if (call.status !== 'in-progress') {
          throw failure(`Call ${call.id} is not in progress (status ${call.status})`, 'CONFLICT');
        }
        const said = await simulated.sayAndStore(call.id, args.text.trim());
        if (E.isLeft(said)) throw graphqlErrorOf(said.left);
        return call;
      },
    }),
  );

  const liveCall = async (callId: string) => {
    const call = await findCall(callId);
    if (call.status !== 'in-progress') throw failure(`Call ${call.id} is not in progress (status ${call.status})`, 'CONFLICT');
    return call;
  };

  builder.mutationField('hangUpAsCaller', (t) =>
    t.field({
      type: 'Call',
      description: 'Simulated carrier only: the other party hangs up a live call (reason caller_hangup).',
      args: { callId: t.arg.id({ required: true }) },
      resolve: async (_, args) => {
        const simulated = simulatedOnly(deps, 'Hanging up as the caller');
        const call = await liveCall(String(args.callId));
        const ended = await simulated.hangUp(call.id);
        if (E.isLeft(ended)) throw graphqlErrorOf(ended.left);
        return findCall(call.id);
      },
    }),
  );

  builder.subscriptionField('callTranscript', (t) =>
    t.field({
      type: 'TranscriptEvent',
      description: 'The turns stored so far, then each new one live (the same stream as the REST SSE), then the end.',
      args: { callId: t.arg.id({ required: true }) },
      subscribe: async (_, args) => {
        const call = await findCall(String(args.callId));
        const opened = await calls.streamTranscript.execute({ projectId: call.projectId, callId: call.id })();
        if (E.isLeft(opened)) throw graphqlErrorOf(opened.left);
        const stream = opened.right;
        return new Repeater<TranscriptEvent>(async (push, stop) => {
          void stop.then(() => stream.close());
          for await (const event of stream.events) {
            await push(transcriptEventOf(call, event));
          }
          stop();
        });
      },
      resolve: (event) => event,
    }),
  );
};
