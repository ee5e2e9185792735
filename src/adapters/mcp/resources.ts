import * as E from 'fp-ts/lib/Either.js';
import { ErrorCode, type McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { AppError } from '../../application/errors.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { unstorableText } from '../rest/codecs/text.js';
import { problemOf } from '../rest/error-envelope.js';
import { agentView } from '../rest/views/agents.js';
import { turnView } from '../rest/views/calls.js';
import { conversationDetailView } from '../rest/views/conversations.js';
import { invalidParams, protocolError } from './protocol-error.js';

/** MCP's code for a resource that does not exist (or is not the caller's). */
const RESOURCE_NOT_FOUND = -32002;

/** Messages a conversation resource shows, newest first. */
const RECENT_MESSAGES = 50;

export const RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [
  {
    uriTemplate: 'switchboard://agents/{agent_id}',
    name: 'agent',
    title: 'Agent',
    description: "An agent's settings and attached phone numbers.",
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'switchboard://conversations/{conversation_id}/messages',
    name: 'conversation-messages',
    title: 'Recent messages of a conversation',
    description: `An SMS thread with its ${RECENT_MESSAGES} most recent messages, newest first.`,
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'switchboard://calls/{call_id}/transcript',
    name: 'call-transcript',
    title: 'Call transcript',
    description: 'A call’s status and transcript so far. Subscribe to it to hear of every new turn while the call is live.',
    mimeType: 'application/json',
  },
];

export type ResourceAddress =
  | { readonly kind: 'agent'; readonly id: string }
  | { readonly kind: 'conversation'; readonly id: string }
  | { readonly kind: 'transcript'; readonly id: string };

const PATTERNS: ReadonlyArray<readonly [ResourceAddress['kind'], RegExp]> = [
  ['agent', /^switchboard:\/\/agents\/([^/?#]{1,100})$/],
  ['conversation', /^switchboard:\/\/conversations\/([^/?#]{1,100})\/messages$/],
  ['transcript', /^switchboard:\/\/calls\/([^/?#]{1,100})\/transcript$/],
];

/** The id a URI names, decoded: refused when it does not decode, or when no store could look it up (as REST refuses such a path). */
const idOf = (encoded: string): string => {
  let id: string;
  try {
    id = decodeURIComponent(encoded);
  } catch {
    throw invalidParams('uri holds a malformed percent-encoding');
  }
  const problem = unstorableText(id);
  if (problem) throw invalidParams(`uri holds an id that ${problem}`);
  return id;
};

export const addressOf = (uri: string): ResourceAddress => {
  for (const [kind, pattern] of PATTERNS) {
    const match = pattern.exec(uri);
    if (match) return { kind, id: idOf(match[1]!) };
  }
  throw protocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)} is none of ${RESOURCE_TEMPLATES.map((t) => t.uriTemplate).join(', ')}`);
};

export const transcriptUri = (callId: string): string => `switchboard://calls/${encodeURIComponent(callId)}/transcript`;

/** A use case's failure as the protocol error of a resource request. */
export const resourceError = (error: AppError): McpError => {
  const problem = problemOf(error);
  return protocolError(error._tag === 'NotFound' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, `${problem.code}: ${problem.message}`, { code: problem.code });
};

const json = (uri: string, value: unknown): ReadResourceResult => ({ contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] });

const orThrow = <A>(result: E.Either<AppError, A>): A => {
  if (E.isLeft(result)) throw resourceError(result.left);
  return result.right;
};

export const readResource = async (useCases: UseCases, projectId: string, uri: string): Promise<ReadResourceResult> => {
  const address = addressOf(uri);
  switch (address.kind) {
    case 'agent':
      return json(uri, agentView(useCases.agents.conversationSupport)(orThrow(await useCases.agents.getAgent.execute({ projectId, agentId: address.id })())));
    case 'conversation': {
      const input = { projectId, conversationId: address.id, messageLimit: RECENT_MESSAGES };
      return json(uri, conversationDetailView(orThrow(await useCases.conversations.getConversation.execute(input)())));
    }
    case 'transcript': {
      const { call, transcript } = orThrow(await useCases.calls.getCall.execute({ projectId, callId: address.id })());
      return json(uri, { callId: call.id, status: call.status, transcript: transcript.map(turnView) });
    }
  }
};

/** Listed resources: the agents and the latest calls' transcripts (the templates reach the rest). */
export const listResources = async (useCases: UseCases, projectId: string): Promise<Resource[]> => {
  const agents = await useCases.agents.listAgents.execute({ projectId, page: { limit: 100, offset: 0 } })();
  const query = { limit: 20, offset: 0, status: null, direction: null, type: null, search: null, agentId: null, numberId: null };
  const calls = await useCases.calls.listCalls.execute({ projectId, query })();
  return [
    ...(E.isRight(agents) ? agents.right.items : []).map(({ agent }) => ({
      uri: `switchboard://agents/${encodeURIComponent(agent.id)}`,
      name: `agent ${agent.name}`,
      mimeType: 'application/json',
    })),
    ...(E.isRight(calls) ? calls.right.page.items : []).map((call) => ({
      uri: transcriptUri(call.id),
      name: `transcript of call ${call.id} (${call.direction} ${call.toNumber}, ${call.status})`,
      mimeType: 'application/json',
    })),
  ];
};
