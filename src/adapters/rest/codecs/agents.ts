import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { validation, type AppError } from '../../../application/errors.js';
import { VOICE_MODES, type AgentChanges, type AgentFields } from '../../../domain/agent.js';
import { KNOWLEDGE_RETRIEVALS } from '../../../domain/knowledge-retrieval.js';
import { callBehaviourChanges, callBehaviourFields } from './call-behaviour.js';
import { conversationChanges, conversationFields } from './conversation.js';
import { nullable, oneOf } from './common.js';
import { CustomToolsBody, toCustomTool } from './custom-tools.js';
import { agentLinkFields, handoffsOf, mcpServersOf } from './agent-links.js';
import { freeFormObject } from './json.js';
import { clearableNorthAmericanNumber } from './phone.js';
import { boundedText, idText, labelText, MAX_LENGTH, nameText } from './text.js';

const greetingText = boundedText(MAX_LENGTH.greeting);

const optionalFields = {
  description: nullable(boundedText(MAX_LENGTH.description)),
  voiceMode: oneOf(VOICE_MODES),
  systemPrompt: nullable(boundedText(MAX_LENGTH.prompt)),
  greeting: nullable(greetingText),
  /** Public clients' name for `greeting`. */
  beginMessage: nullable(greetingText),
  voice: labelText,
  transferNumber: clearableNorthAmericanNumber,
  language: labelText,
  customTools: CustomToolsBody,
  /** Post-call analysis of the agent's calls (needs a configured model). */
  analysis: t.boolean,
  analysisSchema: nullable(freeFormObject({ maxBytes: 32 * 1024, maxDepth: 16 })),
  successCriteria: nullable(boundedText(MAX_LENGTH.description)),
  /** The project's knowledge bases a hosted agent searches with its `search_knowledge` tool. */
  knowledgeBaseIds: t.array(idText),
  /** `tool` (the default): the model searches with `search_knowledge`; `before_each_answer`: the caller's words are searched before every answer. */
  knowledgeRetrieval: oneOf(KNOWLEDGE_RETRIEVALS),
  ...agentLinkFields,
  ...callBehaviourFields,
  ...conversationFields,
};

export const CreateAgentBody = t.intersection([t.type({ name: nameText }), t.partial(optionalFields)]);
export const UpdateAgentBody = t.partial({ name: nameText, ...optionalFields });
export const AttachNumberBody = t.type({ numberId: idText });

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
    customTools: body.customTools?.map(toCustomTool),
    analysis: body.analysis,
    analysisSchema: body.analysisSchema,
    successCriteria: body.successCriteria,
    callBehaviour: callBehaviourChanges(body),
    conversation: conversationChanges(body),
    knowledgeBaseIds: body.knowledgeBaseIds,
    knowledgeRetrieval: body.knowledgeRetrieval,
    mcpServers: mcpServersOf(body),
    handoffs: handoffsOf(body),
  }))(greetingOf(body));

export const toAgentFields = (body: t.TypeOf<typeof CreateAgentBody>): E.Either<AppError, AgentFields> =>
  E.map((changes: AgentChanges) => ({ ...changes, name: body.name }))(toAgentChanges(body));
