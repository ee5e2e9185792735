import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { AgentRepository, AgentWithNumbers } from '../../application/ports/repositories.js';
import type { Agent, VoiceMode } from '../../domain/agent.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import { trustE164 } from '../../domain/e164.js';
import { callBehaviourFromJson } from './call-behaviour-json.js';
import { conversationFromJson, conversationToJson } from './conversation-json.js';
import { AgentSchema, type AgentRow } from './entities/agent.js';
import { AgentHandoffsJson, McpServersJson } from './agent-link-json.js';
import { PhoneNumberSchema } from './entities/phone-number.js';
import { CallBehaviourJson, ConversationJson, CustomToolsJson, decodeColumn, FreeFormJson } from './json-columns.js';
import { toPhoneNumber } from './mikro-orm-phone-number-repository.js';
import { runSelect } from './native-select.js';
import { deleteRows, findPage, findRow, fromColumns, fromPrefixedColumns, selectListOf, upsertRow } from './storage-support.js';

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
  mcpServers: (agent.mcpServers ?? []).map((server) => ({ ...server, headers: { ...server.headers }, allowedTools: [...server.allowedTools] })),
  handoffs: (agent.handoffs ?? []).map((handoff) => ({ ...handoff })),
  createdAt: agent.createdAt,
  updatedAt: agent.updatedAt,
});

const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const;

/**
 * A read whose answer is its rows' and values' alone, given again while nothing is written (see
 * SelectOptions): a page's version, and one agent with its numbers. On the embedded PGlite an
 * agent read again and again (by a dashboard or an MCP client) then costs no call into PGlite,
 * the dearest part of such a read.
 */
export const REUSABLE = { prepare: true, effect: 'reusable' } as const;

/** The number columns of a read with numbers are named with this prefix: both tables have an id, a project, a creation time. */
export const NUMBER_PREFIX = 'n_';

/**
 * Each agent's live numbers, joined beside it (`a`) as `n`: a row per agent and live number, or
 * one of nulls for an agent without any. Through the live-number index, a probe per agent.
 *
 * A join rather than a JSON array aggregated per agent in a subquery beside its row: with
 * generic plans, that subquery (an aggregate set up and torn down per listed agent, its rows
 * turned into JSON and parsed back) cost PostgreSQL more for a page of agents.
 */
export const liveNumbers = (em: EntityManager): string => `left join lateral (
  select ${selectListOf(em, PhoneNumberSchema)} from phone_numbers where agent_id = a.id and status = 'active') n on true`;

/**
 * One agent, by id and project, with its live numbers. Written once (from the schemas' columns,
 * the same for every EntityManager): each read then sends the very same string, whose hash the
 * lookups of a statement by its text keep, rather than a new one of a couple of kilobytes to hash
 * again. (The pages of agents are read by MikroOrmAgentPageQuery.)
 */
let oneAgentStatement: string | null = null;

const oneAgentStatementOf = (em: EntityManager): string =>
  `select ${selectListOf(em, AgentSchema, 'a')}, ${selectListOf(em, PhoneNumberSchema, 'n', NUMBER_PREFIX)}
       from agents a ${liveNumbers(em)} where a.id = ? and a.project_id = ? order by n.created_at, n.id`;

/** Rows of agents, each followed by its numbers (see {@link liveNumbers}), grouped by agent in their order. */
export const agentsWithNumbers = (em: EntityManager, records: readonly Record<string, unknown>[]): AgentWithNumbers[] => {
  const agents: { agent: Agent; numbers: PhoneNumber[] }[] = [];
  let last: { agent: Agent; numbers: PhoneNumber[] } | undefined;
  for (const record of records) {
    if (last === undefined || last.agent.id !== record.id) {
      last = { agent: toAgent(fromColumns(em, AgentSchema, record)), numbers: [] };
      agents.push(last);
    }
    const number = fromPrefixedColumns(em, PhoneNumberSchema, record, NUMBER_PREFIX);
    if (number !== null) last.numbers.push(toPhoneNumber(number));
  }
  return agents;
};

export class MikroOrmAgentRepository implements AgentRepository {
  constructor(private readonly em: EntityManager) {}

  async findWithNumbers(projectId: string, id: string): Promise<AgentWithNumbers | null> {
    const records = await runSelect(this.em, (oneAgentStatement ??= oneAgentStatementOf(this.em)), [id, projectId], REUSABLE);
    return agentsWithNumbers(this.em, records)[0] ?? null;
  }

  async findById(projectId: string, id: string): Promise<Agent | null> {
    const row = await findRow(this.em, AgentSchema, { id, projectId });
    return row && toAgent(row);
  }

  list(projectId: string, page: PageRequest): Promise<Page<Agent>> {
    return findPage(this.em, AgentSchema, { projectId }, OLDEST_FIRST, page, toAgent);
  }

  save(agent: Agent): Promise<void> {
    return upsertRow(this.em, AgentSchema, toAgentRow(agent));
  }

  async delete(projectId: string, id: string): Promise<void> {
    await deleteRows(this.em, AgentSchema, { id, projectId });
  }
}
