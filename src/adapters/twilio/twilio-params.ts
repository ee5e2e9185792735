import type { Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { FieldProblem } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import type { TwilioWebhookEnv } from './twilio-signature.js';

const matching = (pattern: RegExp, name: string) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && pattern.test(u),
    (u, c) => (typeof u === 'string' && pattern.test(u) ? t.success(u) : t.failure(u, c)),
    String,
  );

/** A Twilio resource id (`CA…`, `SM…`): never empty. */
const Sid = matching(/^\S+$/, 'a Twilio id');
const Present = matching(/\S/, 'a non-empty value');
/** Whole seconds, or a count, as Twilio writes them. */
const Digits = matching(/^\d+$/, 'digits');

/** `POST /twilio/sms`: an inbound text. `From` may be a short code or a name, so any string. */
export const InboundSmsParams = t.intersection([
  t.type({ MessageSid: Sid, From: t.string, To: t.string }),
  t.partial({ Body: t.string, NumMedia: Digits }),
]);

const SmsStatusForm = t.intersection([t.type({ MessageSid: Sid, MessageStatus: Present }), t.partial({ ErrorCode: t.string })]);

/** `POST /twilio/sms/status`: the progress of one of our texts (older accounts name it `SmsStatus`). */
export const SmsStatusParams = new t.Type<t.TypeOf<typeof SmsStatusForm>, unknown, unknown>(
  'SmsStatusParams',
  SmsStatusForm.is,
  (u, c) => {
    const form = u as { readonly MessageStatus?: unknown; readonly SmsStatus?: unknown };
    return SmsStatusForm.validate(typeof u === 'object' && u !== null ? { ...u, MessageStatus: form.MessageStatus ?? form.SmsStatus } : u, c);
  },
  t.identity,
);

/** `POST /twilio/voice`: a call to one of our numbers, or a browser's web call (`To` may be empty). */
export const InboundCallParams = t.type({ CallSid: Sid, From: t.string, To: t.string });

/** `POST /twilio/voice/relay-ended`: the ConversationRelay session is over. */
export const RelayEndedParams = t.intersection([
  t.type({ CallSid: Sid }),
  t.partial({ SessionStatus: t.string, HandoffData: t.string, CallDuration: Digits, ErrorCode: t.string, ErrorMessage: t.string }),
]);

/** `POST /twilio/voice/status`: call progress. */
export const CallStatusParams = t.intersection([t.type({ CallSid: Sid, CallStatus: Present }), t.partial({ CallDuration: Digits })]);

/** `POST /twilio/voice/answered-by`: asynchronous answering-machine detection's verdict. */
export const AnsweredByParams = t.intersection([t.type({ CallSid: Sid, AnsweredBy: Present }), t.partial({ MachineDetectionDuration: Digits })]);

/** `POST /twilio/voice/transfer-ended`: `<Dial action>` of a warm transfer. */
export const DialEndedParams = t.intersection([t.type({ CallSid: Sid, DialCallStatus: Present }), t.partial({ DialCallDuration: Digits })]);

/** `POST /twilio/voice/recording`: a recording's progress. */
export const RecordingParams = t.intersection([t.type({ CallSid: Sid }), t.partial({ RecordingStatus: t.string, RecordingUrl: t.string })]);

/** The parameters are flat: the first key under the form (union and intersection members add none). */
const problemOf = (error: t.ValidationError): FieldProblem => {
  const named = error.context.find((entry, i) => i > 0 && !/^\d+$/.test(entry.key));
  const field = named?.key ?? error.context.at(-1)?.type.name ?? 'form';
  if (error.value === undefined) return { field, message: 'field required', type: 'missing' };
  return { field, message: `must be ${error.context.at(-1)!.type.name}`, type: 'value_error' };
};

/**
 * The verified form of this request, decoded with `codec`; or the 400 to answer (in the error
 * envelope, naming each field) when a parameter Twilio always sends is missing or malformed.
 */
export const decodeParams = <A>(
  c: Context<TwilioWebhookEnv>,
  codec: t.Decoder<unknown, A>,
  log: Logger | undefined,
): E.Either<Response, A> => {
  const params = c.get('twilioParams');
  return E.mapLeft((errors: t.Errors) => {
    const details = [...new Map(errors.map(problemOf).map((p) => [p.field, p])).values()];
    const message = `Invalid Twilio webhook parameters: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`;
    log?.warn({ path: c.req.path, callSid: params.CallSid, messageSid: params.MessageSid, details }, 'Twilio webhook with invalid parameters refused');
    return invalidParams(c, message, details);
  })(codec.decode(params));
};

/** A Twilio webhook refused for what its parameters hold: 400 in the error envelope. */
export const invalidParams = (c: Context<TwilioWebhookEnv>, message: string, details: readonly FieldProblem[]): Response =>
  c.json({ error: { message, code: 'VALIDATION_ERROR', type: 'validation_error', details } }, 400);
