import * as t from 'io-ts';
import type { Voice } from '../../../application/ports/voice-catalog.js';
import type { AgentWithNumbers } from '../../../application/ports/repositories.js';
import type { Agent, VoiceMode } from '../../../domain/agent.js';
import { handoffToolName } from '../../../domain/agent-handoff.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { TOOL_METHODS, type ToolMethod } from '../../../domain/custom-tool.js';
import { customToolView } from '../codecs/custom-tools.js';
import { withHiddenHeaders } from '../../../domain/mcp-server.js';
import { NumberSummaryView, numberSummaryView } from './numbers.js';
import { e164, isoDateTime, isoInstant, nullable, valuesOf, type Wire } from './schema.js';
import { callBehaviourView } from './call-behaviour.js';
import { ConversationViewFields, conversationView } from './conversation.js';
import type { ConversationSupport } from '../../../domain/conversation-settings.js';
import { knowledgeRetrievalOf, type KnowledgeRetrieval } from '../../../domain/knowledge-retrieval.js';

const CustomToolView = t.strict(
  {
    name: t.string,
    description: t.string,
    url: t.string,
    method: valuesOf<ToolMethod>(Object.fromEntries(TOOL_METHODS.map((m) => [m, null])) as Record<ToolMethod, null>),
    headers: t.record(t.string, t.string),
    parameters: t.UnknownRecord,
    timeoutMs: t.number,
    speakDuringExecution: t.boolean,
    executionMessage: nullable(t.string),
  },
  'CustomTool',
);

const McpServerView = t.strict(
  {
    name: t.string,
    url: t.string,
    /** Each header the server is sent, its value shown as `(hidden)`. */
    headers: t.record(t.string, t.string),
    allowedTools: t.array(t.string),
  },
  'McpServer',
);

const HandoffView = t.strict({ agentId: t.string, description: t.string, name: t.string, tool: t.string }, 'AgentHandoff');

export const AgentView = t.strict({
  id: t.string,
  name: t.string,
  description: nullable(t.string),
  voiceMode: valuesOf<VoiceMode>({ webhook: null, hosted: null }),
  systemPrompt: nullable(t.string),
  greeting: nullable(t.string),
  /** Public clients' name for `greeting`. */
  beginMessage: nullable(t.string),
  voice: t.string,
  transferNumber: nullable(e164),
  language: t.string,
  customTools: t.array(CustomToolView),
  analysis: t.boolean,
  analysisSchema: nullable(t.UnknownRecord),
  successCriteria: nullable(t.string),
  /** Spoken to an answering machine after the beep; null: hang up (or leave it to a webhook agent). */
  voicemailMessage: nullable(t.string),
  maxSilenceMs: t.number,
  idleRepromptMs: t.number,
  idleMessages: t.array(t.string),
  maxDurationSeconds: t.number,
  transferTimeoutSeconds: t.number,
  ...ConversationViewFields,
  /** The knowledge bases a hosted agent searches. */
  knowledgeBaseIds: t.array(t.string),
  /** `tool`: the model searches them when it chooses; `before_each_answer`: the caller's words are searched before every answer. */
  knowledgeRetrieval: valuesOf<KnowledgeRetrieval>({ tool: null, before_each_answer: null }),
  /** MCP servers whose allowed tools a hosted agent calls. */
  mcpServers: t.array(McpServerView),
  /** The agents this one may pass a live call to. */
  handoffs: t.array(HandoffView),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  numbers: t.array(NumberSummaryView),
}, 'Agent');

export const DeletedAgentView = t.strict({ success: t.literal(true), id: t.string, name: t.string }, 'DeletedAgent');

export const AttachedNumberView = t.strict({ agentId: nullable(t.string), number: NumberSummaryView }, 'AttachedNumber');

/** Snake case here: the shape public clients already read from the voice list. */
export const VoiceView = t.strict({
  voice_id: t.string,
  voice_name: t.string,
  provider: t.string,
  gender: nullable(t.string),
  accent: nullable(t.string),
  language: nullable(t.string),
  preview_audio_url: nullable(t.string),
}, 'Voice');

export const VoiceListView = t.strict({ data: t.array(VoiceView) }, 'VoiceList');

/** The agent read, saying which of its settings `support` (this server's configuration) cannot honour. */
export const agentView = (support: ConversationSupport) => ({ agent, numbers }: AgentWithNumbers): Wire<typeof AgentView> => ({
  id: agent.id,
  name: agent.name,
  description: agent.description,
  voiceMode: agent.voiceMode,
  systemPrompt: agent.systemPrompt,
  greeting: agent.greeting,
  beginMessage: agent.greeting,
  voice: agent.voice,
  transferNumber: agent.transferNumber,
  language: agent.language,
  customTools: agent.customTools.map(customToolView),
  analysis: agent.analysis,
  analysisSchema: agent.analysisSchema,
  successCriteria: agent.successCriteria,
  ...callBehaviourView(agent),
  ...conversationView(agent, support),
  knowledgeBaseIds: [...(agent.knowledgeBaseIds ?? [])],
  knowledgeRetrieval: knowledgeRetrievalOf(agent),
  mcpServers: (agent.mcpServers ?? []).map(withHiddenHeaders).map((s) => ({ ...s, headers: { ...s.headers }, allowedTools: [...s.allowedTools] })),
  handoffs: (agent.handoffs ?? []).map((h) => ({ agentId: h.agentId, description: h.description, name: h.name, tool: handoffToolName(h) })),
  createdAt: isoInstant(agent.createdAt),
  updatedAt: isoInstant(agent.updatedAt),
  numbers: numbers.map(numberSummaryView),
});

export const deletedAgentView = (agent: Agent): Wire<typeof DeletedAgentView> => ({ success: true, id: agent.id, name: agent.name });

export const attachedNumberView = (number: PhoneNumber): Wire<typeof AttachedNumberView> => ({
  agentId: number.agentId,
  number: numberSummaryView(number),
});

export const voiceView = (voice: Voice): Wire<typeof VoiceView> => ({
  voice_id: voice.id,
  voice_name: voice.name,
  provider: voice.provider,
  gender: voice.gender,
  accent: voice.accent,
  language: voice.language,
  preview_audio_url: voice.previewAudioUrl,
});
