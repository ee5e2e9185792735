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

/** What the playground plays on the simulated carrier: the other party of a call or a text. */
export interface SimulatedCarrierControls {
  sayAndStore(callId: string, text: string): Promise<E.Either<AppError, void>>;
  /** The recipient picks up: a person, or (`machine_end_beep`) an answering machine after its beep. */
  answerOutbound(callId: string, answeredBy?: 'human' | 'machine_end_beep'): Promise<E.Either<AppError, unknown>>;
  hangUp(callId: string): Promise<E.Either<AppError, unknown>>;
}

const InboundTextBody = t.type({ numberId: idText, from: anyPhoneNumber, body: boundedText(MAX_LENGTH.smsBody) });
const SayBody = t.type({ text: boundedText(MAX_LENGTH.smsBody) });

export const SIMULATED_CONTROLS = '/playground/simulated';

/**
 * The playground's controls of the simulated carrier (`/playground/simulated/…`), with the
 * project's API key, on its own numbers and calls only:
 * - `POST texts` `{numberId, from, body}`: a text from `from` reaches the number;
 * - `POST calls/{id}/answer`: the callee of an outbound call picks up (the agent greets);
 * - `POST calls/{id}/say` `{text}`: the callee speaks (stored before the answer is sent);
 * - `POST calls/{id}/hang-up`: the callee hangs up.
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
      return body.right.text.trim() === '' ? E.left(validation('text', 'must not be empty')) : simulated.sayAndStore(callId, body.right.text.trim());
    }),
  );
  app.post(`${SIMULATED_CONTROLS}/calls/:id/hang-up`, onLiveCall((callId) => simulated.hangUp(callId)));
  return app;
};
