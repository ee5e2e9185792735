import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { validation, type AppError } from '../../../application/errors.js';
import { VOICE_MODES, type AgentChanges, type AgentFields } from '../../../domain/agent.js';
import { nullable, oneOf } from './common.js';
import { clearableNorthAmericanNumber } from './phone.js';

const optionalFields = {
  description: nullable(t.string),
  voiceMode: oneOf(VOICE_MODES),
  systemPrompt: nullable(t.string),
  greeting: nullable(t.string),
  /** Public clients' name for `greeting`. */
  beginMessage: nullable(t.string),
  voice: t.string,
  transferNumber: clearableNorthAmericanNumber,
  language: t.string,
};

export const CreateAgentBody = t.intersection([t.type({ name: t.string }), t.partial(optionalFields)]);
export const UpdateAgentBody = t.partial({ name: t.string, ...optionalFields });
export const AttachNumberBody = t.type({ numberId: t.string });

type AgentBody = t.TypeOf<typeof UpdateAgentBody>;

/** `greeting` and its alias `beginMessage` are one field: both may be sent only if they agree. */
const greetingOf = (body: AgentBody): E.Either<AppError, string | null | undefined> => {
  const { greeting, beginMessage } = body;
  if (greeting !== undefined && beginMessage !== undefined && greeting !== beginMessage) {
    return E.left(validation('beginMessage', 'conflicts with greeting; send one of them'));
  }
  return E.right(greeting !== undefined ? greeting : beginMessage);
};

/** Picks the known fields only: unknown body fields must never reach the aggregate. */
export const toAgentChanges = (body: AgentBody): E.Either<AppError, AgentChanges> =>
  E.map((greeting: string | null | undefined) => ({
    name: body.name,
    description: body.description,
    voiceMode: body.voiceMode,
    systemPrompt: body.systemPrompt,
    greeting,
    voice: body.voice,
    transferNumber: body.transferNumber,
    language: body.language,
  }))(greetingOf(body));

export const toAgentFields = (body: t.TypeOf<typeof CreateAgentBody>): E.Either<AppError, AgentFields> =>
  E.map((changes: AgentChanges) => ({ ...changes, name: body.name }))(toAgentChanges(body));
