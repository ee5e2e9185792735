import * as E from 'fp-ts/lib/Either.js';
import { Hono, type Context } from 'hono';
import * as t from 'io-ts';
import type { Logger } from '../../application/ports/logger.js';
import type { CallWebhooks } from '../../application/ports/telephony.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';
import type { FinishCallInput } from '../../application/use-cases/calls/finish-call.js';
import { ANSWERED_BY, type AnsweredBy, type Call } from '../../domain/call.js';
import { TRANSFER_HOLD_LINE, TRANSFER_RETURN_LINE } from '../../domain/call-behaviour.js';
import type { SpeechModes } from './conversation-relay-attributes.js';
import { conversationRelayTwiml, dialTwiml, emptyTwiml, hangupTwiml, sayVoice, warmDialTwiml, whisperTwiml } from './conversation-relay-twiml.js';
import { AnsweredByParams, CallStatusParams, decodeParams, DialEndedParams, InboundCallParams, RecordingParams, RelayEndedParams } from './twilio-params.js';
import { twilioSignatureGuard, type TwilioWebhookEnv } from './twilio-signature.js';

export interface TwilioVoiceRoutesOptions {
  readonly calls: Pick<CallUseCases, 'answerInboundCall' | 'finishCall' | 'attachCallRecording' | 'recordAnsweredBy' | 'recordWarmTransfer'>;
  readonly callWebhooks: (callId: string) => CallWebhooks;
  readonly authToken: string;
  /** `PUBLIC_URL`, base path included. */
  readonly publicUrl: string;
  readonly logger?: Logger;
  /** Said to an inbound caller when the project has its maximum of calls in progress. */
  readonly busyMessage?: string;
  /** What each `sttMode` transcribes with (`STT_FAST`, `STT_ACCURATE`); absent: DEFAULT_SPEECH_MODES. */
  readonly speechModes?: SpeechModes;
}

const BUSY_MESSAGE = 'Sorry, all our lines are busy right now. Please call again in a few minutes. Goodbye.';

/** What the agent's session left in `end.handoffData` (see ConversationRelayServer). */
const HandoffCodec = t.union([
  t.intersection([
    t.type({ reason: t.literal('transfer'), to: t.string }),
    // A warm transfer: the human hears `summary` first; the caller comes back after `timeoutSeconds` unanswered.
    t.partial({ mode: t.literal('warm'), summary: t.string, timeoutSeconds: t.number }),
  ]),
  // `why`: a limit's reason (silence_timeout, max_duration); `say`: its farewell, said by <Say> as the line closes.
  t.intersection([t.type({ reason: t.literal('hangup') }), t.partial({ why: t.string, say: t.string })]),
]);
export type Handoff = t.TypeOf<typeof HandoffCodec>;

const xml = (c: Context<TwilioWebhookEnv>, body: string) => c.body(body, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
const EMPTY = emptyTwiml();
/** Twilio's failed call statuses, as the disconnection reasons they become. */
const FAILED_STATUSES: ReadonlyMap<string, string> = new Map([
  ['busy', 'busy'],
  ['no-answer', 'no_answer'],
  ['canceled', 'canceled'],
  ['failed', 'error'],
]);

/**
 * The hand-off our session wrote, echoed by Twilio. Anything else (not ours, or mangled) is no
 * hand-off: the call ends as a plain hang-up rather than leaving the caller on an error.
 */
const handoffOf = (raw: string | undefined, log: Logger | undefined): Handoff | null => {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const decoded = HandoffCodec.decode(json);
  if (E.isRight(decoded)) return decoded.right;
  log?.warn({ handoffData: raw.slice(0, 200) }, 'unreadable HandoffData ignored');
  return null;
};

/** A whisper travels in its (signed) URL: long enough for a briefing, short enough for any URL. */
const MAX_SUMMARY = 600;

const seconds = (raw: string | undefined): number | null => (raw === undefined ? null : Number(raw));

/** Our side of the line: the number that shows as caller ID when the agent transfers. */
const ourNumber = (call: Call): string | null =>
  call.type === 'web' ? null : call.direction === 'inbound' ? call.toNumber : call.fromNumber;

/**
 * Twilio's voice webhooks, each behind the `X-Twilio-Signature` check:
 * - `POST /twilio/voice` (a number's VoiceUrl, or the TwiML App's for web calls): opens the call
 *   and answers with ConversationRelay TwiML (plus recording when the add-on is on);
 * - `POST /twilio/voice/relay-ended` (`<Connect action>`): the agent's session ended; transfer
 *   with `<Dial>`, or hang up;
 * - `POST /twilio/voice/status`: call progress; busy, no-answer, canceled and failed are failures;
 * - `POST /twilio/voice/recording`: a recording is ready.
 */
export const twilioVoiceRoutes = (options: TwilioVoiceRoutesOptions): Hono<TwilioWebhookEnv> => {
  const app = new Hono<TwilioWebhookEnv>();
  const log = options.logger?.child({ component: 'twilio-voice' });
  const guard = twilioSignatureGuard({ authToken: options.authToken, publicUrl: options.publicUrl });
  const finish = (c: Context<TwilioWebhookEnv>, input: FinishCallInput) => options.calls.finishCall.execute(input)();
  const base = options.publicUrl.replace(/\/+$/, '');

  app.post('/twilio/voice', guard, async (c) => {
    const decoded = decodeParams(c, InboundCallParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const p = decoded.right;
    const client = /^client:(call_\w+)$/.exec(p.From);
    const answered = await options.calls.answerInboundCall.execute({
      to: p.To,
      from: p.From,
      providerCallId: p.CallSid,
      webCallId: client?.[1] ?? null,
    })();
    if (E.isLeft(answered)) {
      log?.warn({ callSid: p.CallSid, to: p.To, reason: answered.left._tag }, 'inbound call refused');
      return xml(c, hangupTwiml('Sorry, this number is not connected to an agent. Goodbye.'));
    }
    const { call, record, busy, handoffVoices } = answered.right;
    if (busy) {
      log?.warn({ callId: call.id, callSid: p.CallSid, projectId: call.projectId }, 'inbound call refused: the project has its maximum of calls in progress');
      return xml(c, hangupTwiml(options.busyMessage ?? BUSY_MESSAGE));
    }
    const hooks = options.callWebhooks(call.id);
    log?.info({ callId: call.id, callSid: p.CallSid, agentId: call.agentId }, 'inbound call answered');
    return xml(
      c,
      conversationRelayTwiml({
        relayUrl: hooks.relayUrl,
        relayEndedUrl: hooks.relayEndedUrl,
        greeting: call.greeting,
        voice: call.voice,
        language: call.language,
        conversation: call.conversation,
        ...(options.speechModes ? { speechModes: options.speechModes } : {}),
        recordingStatusUrl: record ? hooks.recordingStatusUrl : null,
        ...(handoffVoices ? { handoffVoices } : {}),
      }),
    );
  });

  app.post('/twilio/voice/relay-ended', guard, async (c) => {
    const decoded = decodeParams(c, RelayEndedParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const p = decoded.right;
    const callId = c.req.query('callId') ?? null;
    const ref = callId ? { callId } : { providerCallId: p.CallSid };
    const handoff = handoffOf(p.HandoffData, log);
    if (handoff?.reason === 'transfer' && handoff.to && handoff.mode === 'warm' && callId) {
      const summary = (handoff.summary ?? '').slice(0, MAX_SUMMARY);
      const started = await options.calls.recordWarmTransfer.execute({ callId, stage: 'started', transferTo: handoff.to, summary })();
      if (E.isLeft(started)) return xml(c, hangupTwiml());
      const call = started.right;
      // Rises with each transfer of the call: the return URL of this one is good once (see claimResumedMedia).
      const attempt = Math.floor(Date.now() / 1000);
      const query = `callId=${encodeURIComponent(callId)}&attempt=${attempt}&to=${encodeURIComponent(handoff.to)}`;
      log?.info({ callId, to: handoff.to }, 'warm transfer: dialling the human');
      return xml(
        c,
        warmDialTwiml({
          to: handoff.to,
          callerId: ourNumber(call),
          timeoutSeconds: Math.round(handoff.timeoutSeconds ?? 30),
          holdLine: TRANSFER_HOLD_LINE,
          voice: call.voice,
          whisperUrl: `${base}/twilio/voice/whisper?${query}&summary=${encodeURIComponent(summary)}`,
          dialEndedUrl: `${base}/twilio/voice/transfer-ended?${query}&summary=${encodeURIComponent(summary)}`,
        }),
      );
    }
    if (handoff?.reason === 'transfer' && handoff.to) {
      const ended = await finish(c, { ...ref, outcome: 'completed', reason: 'transfer' });
      log?.info({ callId, to: handoff.to }, 'cold transfer');
      return xml(c, dialTwiml(handoff.to, E.isRight(ended) ? ourNumber(ended.right) : null));
    }
    if (handoff?.reason === 'hangup') {
      const ended = await finish(c, { ...ref, outcome: 'completed', reason: handoff.why ?? 'agent_hangup' });
      return xml(c, hangupTwiml(handoff.say, handoff.say && E.isRight(ended) ? sayVoice(ended.right.voice) : null));
    }
    if (p.SessionStatus === 'failed') {
      log?.warn({ callId, errorCode: p.ErrorCode, error: p.ErrorMessage }, 'ConversationRelay session failed');
      await finish(c, { ...ref, outcome: 'failed', reason: 'error' });
      return xml(c, hangupTwiml('Sorry, something went wrong. Please call again later.'));
    }
    await finish(c, { ...ref, outcome: 'completed', reason: 'caller_hangup', durationSeconds: seconds(p.CallDuration) });
    return xml(c, hangupTwiml());
  });

  app.post('/twilio/voice/status', guard, async (c) => {
    const decoded = decodeParams(c, CallStatusParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const p = decoded.right;
    const callId = c.req.query('callId') ?? null;
    const ref = callId ? { callId } : { providerCallId: p.CallSid };
    const status = p.CallStatus;
    if (status === 'in-progress') {
      const answered = await options.calls.recordAnsweredBy.execute({ ...ref, answeredBy: null })();
      if (E.isLeft(answered)) log?.warn({ callSid: p.CallSid, reason: answered.left._tag }, 'answer of an unknown call');
    } else if (status === 'completed') {
      await finish(c, { ...ref, outcome: 'completed', reason: 'caller_hangup', durationSeconds: seconds(p.CallDuration) });
    } else if (FAILED_STATUSES.has(status)) {
      await finish(c, { ...ref, outcome: 'failed', reason: FAILED_STATUSES.get(status)!, durationSeconds: 0 });
    }
    return xml(c, EMPTY);
  });

  // The human answered a warm transfer: brief them, then Twilio bridges them with the caller.
  app.post('/twilio/voice/whisper', guard, async (c) => {
    const callId = c.req.query('callId');
    const to = c.req.query('to');
    if (!callId || !to) return xml(c, hangupTwiml());
    const summary = c.req.query('summary') ?? '';
    const bridged = await options.calls.recordWarmTransfer.execute({ callId, stage: 'bridged', transferTo: to, summary })();
    if (E.isLeft(bridged)) return xml(c, hangupTwiml());
    log?.info({ callId, to }, 'warm transfer: the human answered; briefing, then bridging');
    return xml(c, whisperTwiml(summary, bridged.right.voice));
  });

  // Dial's action: after a bridged call it is simply over; otherwise nobody took the caller, who goes back to the agent.
  app.post('/twilio/voice/transfer-ended', guard, async (c) => {
    const decoded = decodeParams(c, DialEndedParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const p = decoded.right;
    const callId = c.req.query('callId');
    const attempt = Number(c.req.query('attempt'));
    const to = c.req.query('to') ?? '';
    if (!callId || !Number.isSafeInteger(attempt)) return xml(c, hangupTwiml());
    if (p.DialCallStatus === 'completed' || p.DialCallStatus === 'answered') return xml(c, hangupTwiml());
    const failed = await options.calls.recordWarmTransfer.execute({ callId, stage: 'failed', transferTo: to, summary: c.req.query('summary') ?? null, failureReason: p.DialCallStatus })();
    if (E.isLeft(failed) || failed.right.status !== 'in-progress') return xml(c, hangupTwiml());
    log?.info({ callId, to, dialCallStatus: p.DialCallStatus }, 'warm transfer failed: the caller is back with the agent');
    const hooks = options.callWebhooks(callId);
    return xml(
      c,
      conversationRelayTwiml({
        relayUrl: `${hooks.relayUrl}&resume=${attempt}`,
        relayEndedUrl: hooks.relayEndedUrl,
        greeting: TRANSFER_RETURN_LINE,
        voice: failed.right.voice,
        language: failed.right.language,
        conversation: failed.right.conversation,
        ...(options.speechModes ? { speechModes: options.speechModes } : {}),
      }),
    );
  });

  app.post('/twilio/voice/answered-by', guard, async (c) => {
    const decoded = decodeParams(c, AnsweredByParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const p = decoded.right;
    const callId = c.req.query('callId') ?? null;
    // A verdict Twilio may add later is "unknown" to us: the call goes on with the agent.
    const answeredBy: AnsweredBy = (ANSWERED_BY as readonly string[]).includes(p.AnsweredBy) ? (p.AnsweredBy as AnsweredBy) : 'unknown';
    const recorded = await options.calls.recordAnsweredBy.execute({ ...(callId ? { callId } : { providerCallId: p.CallSid }), answeredBy })();
    if (E.isLeft(recorded)) log?.warn({ callSid: p.CallSid, reason: recorded.left._tag }, 'answering-machine verdict for an unknown call');
    else log?.info({ callId, callSid: p.CallSid, answeredBy, outcome: recorded.right }, 'answering-machine verdict');
    return xml(c, EMPTY);
  });

  app.post('/twilio/voice/recording', guard, async (c) => {
    const decoded = decodeParams(c, RecordingParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const p = decoded.right;
    if (p.RecordingStatus && p.RecordingStatus !== 'completed') return xml(c, EMPTY);
    if (!p.RecordingUrl) return xml(c, EMPTY);
    const attached = await options.calls.attachCallRecording.execute({
      callId: c.req.query('callId') ?? null,
      providerCallId: p.CallSid,
      recordingUrl: p.RecordingUrl,
    })();
    if (E.isLeft(attached)) log?.warn({ callSid: p.CallSid, reason: attached.left._tag }, 'recording of an unknown call');
    return xml(c, EMPTY);
  });

  return app;
};
