import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { AgentRepository } from '../../application/ports/repositories.js';
import type { Agent, VoiceMode } from '../../domain/agent.js';
import { trustE164 } from '../../domain/e164.js';
import { isKnowledgeRetrieval, knowledgeRetrievalOf, retrievalField } from '../../domain/knowledge-retrieval.js';
import { callBehaviourFromJson } from './call-behaviour-json.js';
import { conversationFromJson, conversationToJson } from './conversation-json.js';
import { AgentSchema, type AgentRow } from './entities/agent.js';
import { AgentHandoffsJson, McpServersJson } from './agent-link-json.js';
import { PhoneNumberSchema } from './entities/phone-number.js';
import { CallBehaviourJson, ConversationJson, CustomToolsJson, decodeColumn, FreeFormJson } from './json-columns.js';
import { ormDelete, ormUpsert } from './orm-writes.js';
import { findPage, findRow } from './storage-support.js';

/**
 * The one mapping of a stored row to the domain. Native reads (findRow/findPage/selectRows in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later is added to the schema and
 * here, nowhere else.
 */
export const toAgent = (row: AgentRow): Agent => ({
  id: row.id,
  projectId: row.projectId,
  name: row.name,
  description: row.description,
  voiceMode: row.voiceMode as VoiceMode,
  systemPrompt: row.systemPrompt,
  greeting: row.greeting,
  voice: row.voice,
  transferNumber: row.transferNumber === null ? null : trustE164(row.transferNumber),
  language: row.language,
  customTools: row.customTools == null ? [] : decodeColumn(CustomToolsJson, row.customTools, 'agents', 'custom_tools', row.id),
  analysis: row.analysis ?? false,
  analysisSchema: decodeColumn(FreeFormJson, row.analysisSchema ?? null, 'agents', 'analysis_schema', row.id),
  successCriteria: row.successCriteria ?? null,
  ...(row.callBehaviour ? { callBehaviour: callBehaviourFromJson(decodeColumn(CallBehaviourJson, row.callBehaviour, 'agents', 'call_behaviour', row.id) ?? {}) } : {}),
  ...(row.conversation ? { conversation: conversationFromJson(decodeColumn(ConversationJson, row.conversation, 'agents', 'conversation', row.id) ?? {}) } : {}),
  ...(Array.isArray(row.knowledgeBaseIds) && row.knowledgeBaseIds.length > 0 ? { knowledgeBaseIds: row.knowledgeBaseIds.map(String) } : {}),
  ...(isKnowledgeRetrieval(row.knowledgeRetrieval) ? retrievalField(row.knowledgeRetrieval) : {}),
  ...(Array.isArray(row.mcpServers) && row.mcpServers.length > 0 ? { mcpServers: decodeColumn(McpServersJson, row.mcpServers, 'agents', 'mcp_servers', row.id) } : {}),
  ...(Array.isArray(row.handoffs) && row.handoffs.length > 0 ? { handoffs: decodeColumn(AgentHandoffsJson, row.handoffs, 'agents', 'handoffs', row.id) } : {}),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toAgentRow = (agent: Agent): AgentRow => ({
  id: agent.id,
  projectId: agent.projectId,
  name: agent.name,
  description: agent.description,
  voiceMode: agent.voiceMode,
  systemPrompt: agent.systemPrompt,
  greeting: agent.greeting,
  voice: agent.voice,
  transferNumber: agent.transferNumber,
  language: agent.language,
  customTools: agent.customTools.map((tool) => ({ ...tool })),
  analysis: agent.analysis,
  analysisSchema: agent.analysisSchema ? { ...agent.analysisSchema } : null,
  successCriteria: agent.successCriteria,
  callBehaviour: agent.callBehaviour ? { ...agent.callBehaviour } : null,
  conversation: agent.conversation ? conversationToJson(agent.conversation) : null,
  knowledgeBaseIds: [...(agent.knowledgeBaseIds ?? [])],
  knowledgeRetrieval: knowledgeRetrievalOf(agent),
  mcpServers: (agent.mcpServers ?? []).map((server) => ({ ...server, headers: { ...server.headers }, allowedTools: [...server.allowedTools] })),
  handoffs: (agent.handoffs ?? []).map((handoff) => ({ ...handoff })),
  createdAt: agent.createdAt,
  updatedAt: agent.updatedAt,
});

const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const;

export class MikroOrmAgentRepository implements AgentRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Agent | null> {
    const row = await findRow(this.em, AgentSchema, { id, projectId });
    return row && toAgent(row);
  }

  list(projectId: string, page: PageRequest): Promise<Page<Agent>> {
    return findPage(this.em, AgentSchema, { projectId }, OLDEST_FIRST, page, toAgent);
  }

  async save(agent: Agent): Promise<void> {
    await ormUpsert(this.em, AgentSchema, toAgentRow(agent));
  }

  async delete(projectId: string, id: string): Promise<void> {
    await ormDelete(this.em, AgentSchema, { id, projectId });
  }
}
