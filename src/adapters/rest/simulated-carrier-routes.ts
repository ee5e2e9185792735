import { Hono, type Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { conflict, validation, type AppError } from '../../application/errors.js';
import type { UseCases } from '../../application/use-cases/index.js';
import type { Guard } from './credential-guard.js';
import { anyPhoneNumber } from './codecs/phone.js';
import { boundedText, idText, MAX_LENGTH } from './codecs/text.js';
import { decodeBody } from './decode.js';
import type { RestEnv } from './env.js';
import { projectOf, sendError } from './respond.js';

/** What the carrier saw the agent do on a call: keys pressed, transfers, the voicemail it left. */
export interface CarrierActions {
  readonly digitsSent: readonly string[];
  readonly transfers: readonly { readonly to: string; readonly mode: 'cold' | 'warm' }[];
  readonly voicemail: string | null;
}

/** What the playground plays on the simulated carrier: the other party of a call or a text. */
export interface SimulatedCarrierControls {
  sayAndStore(callId: string, text: string): Promise<E.Either<AppError, void>>;
  /** The recipient picks up: a person, or (`machine_end_beep`) an answering machine after its beep. */
  answerOutbound(callId: string, answeredBy?: 'human' | 'machine_end_beep'): Promise<E.Either<AppError, unknown>>;
  hangUp(callId: string): Promise<E.Either<AppError, unknown>>;
  /** Someone dials one of the project's numbers from `from`: the agent answers. */
  startInbound(input: { readonly from: string; readonly to: string }): Promise<E.Either<AppError, { readonly callId: string }>>;
  pressDigit(callId: string, digit: string): E.Either<AppError, void>;
  /** Resolves once the agent has answered the caller's last step and its turns are stored. */
  answered(callId: string): Promise<void>;
  /** What the carrier saw the agent do on a call (null: not a call of this carrier's). */
  actionsOn(callId: string, providerCallId: string | null): CarrierActions | null;
}

const InboundTextBody = t.type({ numberId: idText, from: anyPhoneNumber, body: boundedText(MAX_LENGTH.smsBody) });
const keypadDigits = t.refinement(t.string, (s) => /^[0-9*#]{1,32}$/.test(s), 'keypad digits (1 to 32 of 0-9, * and #)');
const InboundCallBody = t.type({ numberId: idText, from: anyPhoneNumber });
/** `waitForAnswer`: answer once the agent has answered (what a scenario's caller waits for). */
const SayBody = t.intersection([t.type({ text: boundedText(MAX_LENGTH.smsBody) }), t.partial({ waitForAnswer: t.boolean })]);
const PressBody = t.intersection([t.type({ digits: keypadDigits }), t.partial({ waitForAnswer: t.boolean })]);

export const SIMULATED_CONTROLS = '/playground/simulated';

/**
 * The playground's controls of the simulated carrier (`/playground/simulated/…`), with the
 * project's API key, on its own numbers and calls only:
 * - `POST texts` `{numberId, from, body}`: a text from `from` reaches the number;
 * - `POST calls/{id}/answer`: the callee of an outbound call picks up (the agent greets);
 * - `POST calls` `{numberId, from}`: `from` dials the number, and the agent answers;
 * - `POST calls/{id}/say` `{text, waitForAnswer?}`: the other party speaks (stored before the
 *   answer is sent; with `waitForAnswer`, answered once the agent has answered);
 * - `POST calls/{id}/press` `{digits, waitForAnswer?}`: the other party presses keys;
 * - `POST calls/{id}/hang-up`: the other party hangs up;
 * - `GET calls/{id}`: what the carrier saw the agent do (keys, transfers, a voicemail), live or ended.
 * Not part of the versioned REST API (`/v1`, createRestApi): the playground's own, built from the
 * same parts (codecs, error envelope) and mounted only on the simulated carrier. `guard` is the
 * API-key guard `/v1` has, so its failed-key and per-key limits hold here too.
 */
export const simulatedCarrierRoutes = (deps: { readonly useCases: UseCases; readonly simulated: SimulatedCarrierControls; readonly guard: Guard<RestEnv> }) => {
  const { useCases, simulated } = deps;
  const app = new Hono<RestEnv>();
  app.use(`${SIMULATED_CONTROLS}/*`, deps.guard);

  /** The project's call, live: anything else is refused before the carrier is touched. */
  const liveCall = async (c: Context<RestEnv>): Promise<E.Either<AppError, string>> => {
    const found = await useCases.calls.getCall.execute({ projectId: projectOf(c), callId: c.req.param('id') ?? '' })();
    if (E.isLeft(found)) return found;
    const { call } = found.right;
    return call.status === 'in-progress' ? E.right(call.id) : E.left(conflict(`call ${call.id} is ${call.status}, not in progress`));
  };
  const onLiveCall = (act: (callId: string, c: Context<RestEnv>) => Promise<E.Either<AppError, unknown>>) => async (c: Context<RestEnv>) => {
    const callId = await liveCall(c);
    if (E.isLeft(callId)) return sendError(c, callId.left);
    const done = await act(callId.right, c);
    return E.isLeft(done) ? sendError(c, done.left) : c.json({ callId: callId.right });
  };

  app.post(`${SIMULATED_CONTROLS}/texts`, async (c) => {
    const body = await decodeBody(c, InboundTextBody);
    if (E.isLeft(body)) return sendError(c, body.left);
    const number = await useCases.numbers.getNumber.execute({ projectId: projectOf(c), numberId: body.right.numberId })();
    if (E.isLeft(number)) return sendError(c, number.left);
    const received = await useCases.messages.receiveInboundSms.execute({
      to: number.right.phoneNumber,
      from: body.right.from,
      body: body.right.body,
      mediaUrls: [],
      providerMessageId: null,
    })();
    if (E.isLeft(received)) return sendError(c, received.left);
    return c.json({ messageId: received.right.message.id, conversationId: received.right.conversation.id });
  });
  app.post(`${SIMULATED_CONTROLS}/calls/:id/answer`, onLiveCall((callId) => simulated.answerOutbound(callId)));
  // Answering-machine detection's verdict, as Twilio gives it once the greeting's beep is heard.
  app.post(`${SIMULATED_CONTROLS}/calls/:id/answer-as-machine`, onLiveCall((callId) => simulated.answerOutbound(callId, 'machine_end_beep')));
  app.post(
    `${SIMULATED_CONTROLS}/calls/:id/say`,
    onLiveCall(async (callId, c) => {
      const body = await decodeBody(c, SayBody);
      if (E.isLeft(body)) return body;
      if (body.right.text.trim() === '') return E.left(validation('text', 'must not be empty'));
      const said = await simulated.sayAndStore(callId, body.right.text.trim());
      if (E.isRight(said) && body.right.waitForAnswer) await simulated.answered(callId);
      return said;
    }),
  );
  app.post(`${SIMULATED_CONTROLS}/calls`, async (c) => {
    const body = await decodeBody(c, InboundCallBody);
    if (E.isLeft(body)) return sendError(c, body.left);
    const number = await useCases.numbers.getNumber.execute({ projectId: projectOf(c), numberId: body.right.numberId })();
    if (E.isLeft(number)) return sendError(c, number.left);
    const started = await simulated.startInbound({ from: body.right.from, to: number.right.phoneNumber });
    return E.isLeft(started) ? sendError(c, started.left) : c.json({ callId: started.right.callId });
  });
  app.post(
    `${SIMULATED_CONTROLS}/calls/:id/press`,
    onLiveCall(async (callId, c) => {
      const body = await decodeBody(c, PressBody);
      if (E.isLeft(body)) return body;
      for (const digit of body.right.digits) {
        const pressed = simulated.pressDigit(callId, digit);
        if (E.isLeft(pressed)) return pressed;
        // Each key is its own turn: the next waits for the agent's answer to this one.
        if (body.right.waitForAnswer) await simulated.answered(callId);
      }
      return E.right(undefined);
    }),
  );
  app.get(`${SIMULATED_CONTROLS}/calls/:id`, async (c) => {
    const found = await useCases.calls.getCall.execute({ projectId: projectOf(c), callId: c.req.param('id') })();
    if (E.isLeft(found)) return sendError(c, found.left);
    const { call } = found.right;
    return c.json({ callId: call.id, ...(simulated.actionsOn(call.id, call.providerCallId) ?? { digitsSent: [], transfers: [], voicemail: null }) });
  });
  app.post(`${SIMULATED_CONTROLS}/calls/:id/hang-up`, onLiveCall((callId) => simulated.hangUp(callId)));
  return app;
};
