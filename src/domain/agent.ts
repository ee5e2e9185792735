import * as E from 'fp-ts/lib/Either.js';
import { checkCustomTools, type CustomTool } from './custom-tool.js';
import { invalidField, type InvalidField } from './errors.js';
import { isNanp, type E164 } from './e164.js';
import { changeCallBehaviour, DEFAULT_CALL_BEHAVIOUR, type CallBehaviour } from './call-behaviour.js';
import { changeConversation, DEFAULT_CONVERSATION, type ConversationSettings } from './conversation-settings.js';
import { checkMcpServers, keepHiddenHeaders, type McpServer } from './mcp-server.js';
import { checkHandoffs, handoffNameOf, type AgentHandoff } from './agent-handoff.js';
import { checkKnowledgeRetrieval, retrievalField, type KnowledgeRetrieval } from './knowledge-retrieval.js';

export const VOICE_MODES = ['webhook', 'hosted'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

export const DEFAULT_VOICE = 'Google.en-US-Journey-O';
export const DEFAULT_LANGUAGE = 'en-US';

/** An AI persona. Phone numbers point at it; it answers in `webhook` or `hosted` mode. */
export interface Agent {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly description: string | null;
  readonly voiceMode: VoiceMode;
  readonly systemPrompt: string | null;
  readonly greeting: string | null;
  readonly voice: string;
  readonly transferNumber: E164 | null;
  readonly language: string;
  /** The customer's HTTP endpoints the model may call in hosted mode (at most 20). */
  readonly customTools: readonly CustomTool[];
  /** Post-call analysis of this agent's calls (when a model is configured). */
  readonly analysis: boolean;
  /** A JSON Schema object of what the analysis extracts besides its own fields; null: none. */
  readonly analysisSchema: Readonly<Record<string, unknown>> | null;
  /** What makes a call successful, for the analysis's `callSuccessful`; null: judged against the prompt. */
  readonly successCriteria: string | null;
  /** Voicemail, silence, length and warm-transfer settings; absent: the defaults. */
  readonly callBehaviour?: CallBehaviour;
  /** Turn-taking, transcription, voice and language settings; absent: the defaults. */
  readonly conversation?: ConversationSettings;
  /** The project's knowledge bases a hosted agent searches (its `search_knowledge` tool); absent: none. */
  readonly knowledgeBaseIds?: readonly string[];
  /** How a hosted agent reaches its knowledge bases; absent: `tool`. */
  readonly knowledgeRetrieval?: KnowledgeRetrieval;
  /** MCP servers whose allowed tools a hosted agent may call; absent: none. */
  readonly mcpServers?: readonly McpServer[];
  /** Other agents of the project this one may pass a live call to; absent: none. */
  readonly handoffs?: readonly AgentHandoff[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface AgentFields {
  readonly name: string;
  readonly description?: string | null;
  readonly voiceMode?: VoiceMode;
  readonly systemPrompt?: string | null;
  readonly greeting?: string | null;
  readonly voice?: string;
  readonly transferNumber?: E164 | null;
  readonly language?: string;
  readonly customTools?: readonly CustomTool[];
  readonly analysis?: boolean;
  readonly analysisSchema?: Readonly<Record<string, unknown>> | null;
  readonly successCriteria?: string | null;
  /** Only the settings to change. */
  readonly callBehaviour?: Partial<CallBehaviour>;
  /** Only the settings to change. */
  readonly conversation?: Partial<ConversationSettings>;
  readonly knowledgeBaseIds?: readonly string[];
  readonly knowledgeRetrieval?: KnowledgeRetrieval;
  readonly mcpServers?: readonly McpServer[];
  /** `name` left out: made from the target agent's name (from its id where the name is not known). */
  readonly handoffs?: readonly HandoffEntry[];
}

export type HandoffEntry = Omit<AgentHandoff, 'name'> & { readonly name?: string };

const namedHandoffs = (entries: readonly HandoffEntry[]): AgentHandoff[] =>
  entries.map((entry) => ({ agentId: entry.agentId, description: entry.description.trim(), name: entry.name ?? handoffNameOf(entry.agentId) }));

/** Knowledge bases an agent may search at most: each is searched on every question. */
export const MAX_AGENT_KNOWLEDGE_BASES = 10;

/** A partial change; `transferNumber: null` clears it (the REST edge maps `""` to null). */
export type AgentChanges = Partial<AgentFields>;

const checkInvariants = (agent: Agent): E.Either<InvalidField, Agent> => {
  if (agent.name.trim() === '') return E.left(invalidField('name', 'must not be empty'));
  if (agent.voiceMode === 'hosted' && !agent.systemPrompt?.trim()) {
    return E.left(invalidField('systemPrompt', 'is required when voiceMode is hosted'));
  }
  if (agent.transferNumber !== null && !isNanp(agent.transferNumber)) {
    return E.left(invalidField('transferNumber', 'must be a US or Canadian number in E.164 form'));
  }
  if (agent.analysisSchema !== null && agent.analysisSchema.type !== 'object') {
    return E.left(invalidField('analysisSchema', 'must be a JSON Schema of type "object"'));
  }
  const bases = agent.knowledgeBaseIds ?? [];
  if (bases.length > MAX_AGENT_KNOWLEDGE_BASES) return E.left(invalidField('knowledgeBaseIds', `must name at most ${MAX_AGENT_KNOWLEDGE_BASES} knowledge bases`));
  if (new Set(bases).size !== bases.length) return E.left(invalidField('knowledgeBaseIds', 'must not name a knowledge base twice'));
  const retrieval = checkKnowledgeRetrieval(agent.knowledgeRetrieval, bases);
  if (E.isLeft(retrieval)) return retrieval;
  const servers = checkMcpServers(agent.mcpServers ?? []);
  if (E.isLeft(servers)) return servers;
  const handoffs = checkHandoffs(agent.id, agent.handoffs ?? []);
  if (E.isLeft(handoffs)) return handoffs;
  return E.map(() => agent)(checkCustomTools(agent.customTools));
};

export const createAgent = (props: {
  id: string;
  projectId: string;
  fields: AgentFields;
  now: Date;
}): E.Either<InvalidField, Agent> => {
  const callBehaviour = changeCallBehaviour(DEFAULT_CALL_BEHAVIOUR, props.fields.callBehaviour ?? {});
  if (E.isLeft(callBehaviour)) return callBehaviour;
  const voice = props.fields.voice ?? DEFAULT_VOICE;
  const conversation = changeConversation(DEFAULT_CONVERSATION, props.fields.conversation ?? {}, voice);
  if (E.isLeft(conversation)) return conversation;
  return checkInvariants({
    id: props.id,
    projectId: props.projectId,
    name: props.fields.name.trim(),
    description: props.fields.description ?? null,
    voiceMode: props.fields.voiceMode ?? 'webhook',
    systemPrompt: props.fields.systemPrompt ?? null,
    greeting: props.fields.greeting ?? null,
    voice,
    transferNumber: props.fields.transferNumber ?? null,
    language: props.fields.language ?? DEFAULT_LANGUAGE,
    customTools: props.fields.customTools ?? [],
    analysis: props.fields.analysis ?? false,
    analysisSchema: props.fields.analysisSchema ?? null,
    successCriteria: props.fields.successCriteria ?? null,
    callBehaviour: callBehaviour.right,
    conversation: conversation.right,
    ...(props.fields.knowledgeBaseIds?.length ? { knowledgeBaseIds: props.fields.knowledgeBaseIds } : {}),
    ...retrievalField(props.fields.knowledgeRetrieval),
    ...(props.fields.mcpServers?.length ? { mcpServers: props.fields.mcpServers } : {}),
    ...(props.fields.handoffs?.length ? { handoffs: namedHandoffs(props.fields.handoffs) } : {}),
    createdAt: props.now,
    updatedAt: props.now,
  });
};

export const updateAgent = (agent: Agent, changes: AgentChanges, now: Date): E.Either<InvalidField, Agent> => {
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as AgentChanges;
  const callBehaviour = changeCallBehaviour(agent.callBehaviour ?? DEFAULT_CALL_BEHAVIOUR, changes.callBehaviour ?? {});
  if (E.isLeft(callBehaviour)) return callBehaviour;
  const voice = defined.voice ?? agent.voice;
  const conversation = changeConversation(agent.conversation ?? DEFAULT_CONVERSATION, changes.conversation ?? {}, voice);
  if (E.isLeft(conversation)) return conversation;
  const { knowledgeRetrieval, ...changed }: Agent = {
    ...agent,
    ...defined,
    callBehaviour: callBehaviour.right,
    conversation: conversation.right,
    name: defined.name?.trim() ?? agent.name,
    voice,
    language: defined.language ?? agent.language,
    ...(defined.mcpServers ? { mcpServers: keepHiddenHeaders(agent.mcpServers ?? [], defined.mcpServers) } : {}),
    handoffs: defined.handoffs ? namedHandoffs(defined.handoffs) : agent.handoffs,
    updatedAt: now,
  };
  return checkInvariants({ ...changed, ...retrievalField(knowledgeRetrieval) });
};
