import { turnTakingOverrides } from '../codecs/conversation.js';
import * as E from 'fp-ts/lib/Either.js';
import { Hono, type Context } from 'hono';
import type * as t from 'io-ts';
import type { AppError } from '../../../application/errors.js';
import { streamSSE } from 'hono/streaming';
import type { CallListQuery } from '../../../application/ports/call-repositories.js';
import type { CallUseCases } from '../../../application/use-cases/call-use-cases.js';
import type { CallWithTranscript } from '../../../application/use-cases/calls/get-call.js';
import { MAX_WAIT_SECONDS } from '../codecs/calls.js';
import { toCallingWindow } from '../codecs/campaigns.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { hasMore } from '../../../application/ports/pagination.js';
import { originOf, projectOf, send, sendError } from '../respond.js';
import { askVersioned } from '../../../application/queries/versioned-read.js';
import { sendVersioned, type VersionedAnswers } from '../versioned-answers.js';
import { callDetailView, callView, endingCallView, placedCallView, transcriptView, turnView, webCallView } from '../views/calls.js';
import { unansweredView } from '../views/unanswered.js';
import { scenarioFile } from '../codecs/scenario-file.js';

const HEARTBEAT_MS = 15_000;

const listQuery = (c: Context<RestEnv>, agentId: string | null): E.Either<AppError, CallListQuery> =>
  E.map((q: t.TypeOf<typeof OPERATIONS.listCalls.query>) => ({
    limit: q.limit,
    offset: q.offset,
    status: q.status ?? null,
    direction: q.direction ?? null,
    type: q.type ?? null,
    search: q.search?.trim() ? q.search : null,
    agentId,
    numberId: null,
  }))(decodeQuery(c, OPERATIONS.listCalls.query));

const listCalls = (calls: CallUseCases, answers: VersionedAnswers | null, c: Context<RestEnv>, agentId: string | null) => {
  const query = listQuery(c, agentId);
  if (E.isLeft(query)) return sendError(c, query.left, 'query');
  const input = { projectId: projectOf(c), query: query.right };
  const key = `calls ${JSON.stringify(query.right)}`;
  return sendVersioned(c, answers, key, askVersioned(calls.listCalls, input), ({ page, recordingEnabled }) => ({
    data: page.items.map((call) => callView(call, recordingEnabled)),
    hasMore: hasMore(page, query.right),
    total: page.total,
  }));
};

/** One call with its transcript (GET /v1/calls/{id}, and the answer of a wait). */
const callDetail =
  (c: Context<RestEnv>) =>
  ({ call, transcript, recordingEnabled, analysis }: CallWithTranscript) =>
    c.json(callDetailView(call, transcript, recordingEnabled, analysis));

/** `/v1/calls`: outbound and web calls, the call log, transcripts and their live stream, recordings. */
export const callRoutes = (calls: CallUseCases, answers: VersionedAnswers | null = null): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.placeCall.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const b = body.right;
    const input = {
      projectId: projectOf(c),
      agentId: b.agentId,
      toNumber: b.toNumber,
      fromNumberId: b.fromNumberId ?? null,
      initialGreeting: b.initialGreeting ?? null,
      voice: b.voice ?? null,
      language: b.language ?? null,
      conversation: turnTakingOverrides(b),
      systemPrompt: b.systemPrompt?.trim() ? b.systemPrompt : null,
      variables: b.variables ?? {},
      voicemailDetection: b.voicemailDetection ?? true,
      requireConsent: b.requireConsent ?? null,
      callingWindow: b.callingWindow ? toCallingWindow(b.callingWindow) : null,
      origin: originOf(c, 'POST /v1/calls'),
      ...(b.recordingDisclosure !== undefined ? { recordingDisclosure: b.recordingDisclosure } : {}),
    };
    if (b.waitForCompletion !== true) return send(c, calls.placeOutboundCall.execute(input), (call) => c.json(placedCallView(call)));
    const placed = await calls.placeOutboundCall.execute(input)();
    if (E.isLeft(placed)) return sendError(c, placed.left);
    const waitSeconds = b.maxWaitSeconds ?? MAX_WAIT_SECONDS.default;
    return send(c, calls.awaitCallEnd.execute({ projectId: projectOf(c), callId: placed.right.id, timeoutSeconds: waitSeconds, signal: c.req.raw.signal }), callDetail(c));
  });

  app.post('/web', async (c) => {
    const body = await decodeBody(c, OPERATIONS.createWebCall.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), agentId: body.right.agentId, metadata: body.right.metadata ?? null };
    return send(c, calls.createWebCall.execute(input), (web) =>
      c.json(webCallView(web)),
    );
  });

  app.get('/', (c) => listCalls(calls, answers, c, null));

  app.get('/:id', (c) => {
    const query = decodeQuery(c, OPERATIONS.getCall.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const ref = { projectId: projectOf(c), callId: c.req.param('id') };
    if (query.right.wait !== 'true') return send(c, calls.getCall.execute(ref), callDetail(c));
    return send(c, calls.awaitCallEnd.execute({ ...ref, timeoutSeconds: query.right.timeout, signal: c.req.raw.signal }), callDetail(c));
  });

  app.post('/:id/end', (c) =>
    send(c, calls.endCall.execute({ projectId: projectOf(c), callId: c.req.param('id') }), (call) => c.json(endingCallView(call))),
  );

  app.post('/:id/scenario', (c) =>
    send(c, calls.recordCallScenario.execute({ projectId: projectOf(c), callId: c.req.param('id') }), (scenario) => c.json(scenarioFile(scenario))),
  );

  app.get('/:id/transcript', (c) =>
    send(c, calls.getCall.execute({ projectId: projectOf(c), callId: c.req.param('id') }), ({ call, transcript }) =>
      c.json(transcriptView(call, transcript)),
    ),
  );

  app.get('/:id/recording', (c) =>
    send(c, calls.getCallRecording.execute({ projectId: projectOf(c), callId: c.req.param('id') }), (audio) =>
      c.body(audio.body instanceof Uint8Array ? Uint8Array.from(audio.body) : audio.body, 200, {
        'Content-Type': audio.contentType,
        'Cache-Control': 'private',
      }),
    ),
  );

  app.get('/:id/transcript/stream', async (c) => {
    const opened = await calls.streamTranscript.execute({ projectId: projectOf(c), callId: c.req.param('id') })();
    if (E.isLeft(opened)) return sendError(c, opened.left);
    const transcript = opened.right;
    c.header('Cache-Control', 'no-cache');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(() => undefined), HEARTBEAT_MS);
      stream.onAbort(() => transcript.close());
      try {
        await stream.writeSSE({ event: 'connected', data: JSON.stringify({ callId: transcript.callId }) });
        for await (const event of transcript.events) {
          if (event.type === 'turn') {
            await stream.writeSSE({ event: 'turn', id: String(event.turn.sequence), data: JSON.stringify(turnView(event.turn)) });
          } else if (event.type === 'unanswered') {
            const view = unansweredView(transcript.callId, transcript.agentId, event.turnSequence, event.reason);
            await stream.writeSSE({ event: 'unanswered', data: JSON.stringify(view) });
          } else {
            await stream.writeSSE({ event: 'ended', data: JSON.stringify({ callId: transcript.callId, status: event.status }) });
            break;
          }
        }
      } finally {
        clearInterval(heartbeat);
        transcript.close();
      }
    });
  });

  return app;
};

/** `GET /v1/agents/{id}/calls`. */
export const agentCallRoutes = (calls: CallUseCases, answers: VersionedAnswers | null = null): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  app.get('/:id/calls', (c) => listCalls(calls, answers, c, c.req.param('id')));
  return app;
};
