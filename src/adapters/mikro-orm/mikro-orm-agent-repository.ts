import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { AgentRepository, AgentWithNumbers } from '../../application/ports/repositories.js';
import type { Agent, VoiceMode } from '../../domain/agent.js';
import type { CustomTool } from '../../domain/custom-tool.js';
import { trustE164 } from '../../domain/e164.js';
import { callBehaviourFromJson } from './call-behaviour-json.js';
import { AgentSchema, type AgentRow } from './entities/agent.js';
import { PhoneNumberSchema } from './entities/phone-number.js';
import { toPhoneNumber } from './mikro-orm-phone-number-repository.js';
import { findPage, findRow, findRowAlongside, fromColumns, selectListOf, upsertRow, type Alongside } from './storage-support.js';

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
  customTools: (row.customTools ?? []) as CustomTool[],
  analysis: row.analysis ?? false,
  analysisSchema: row.analysisSchema ?? null,
  successCriteria: row.successCriteria ?? null,
  ...(row.callBehaviour ? { callBehaviour: callBehaviourFromJson(row.callBehaviour) } : {}),
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
  createdAt: agent.createdAt,
  updatedAt: agent.updatedAt,
});

const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const;

export class MikroOrmAgentRepository implements AgentRepository {
  constructor(private readonly em: EntityManager) {}

  findWithNumbers(projectId: string, id: string): Promise<AgentWithNumbers | null> {
    return findRowAlongside(this.em, AgentSchema, { id, projectId }, this.liveNumbers(), (row, numbers) => this.withNumbers(row, numbers));
  }

  listWithNumbers(projectId: string, page: PageRequest): Promise<Page<AgentWithNumbers>> {
    return findPage(this.em, AgentSchema, { projectId }, OLDEST_FIRST, page, (row, numbers) => this.withNumbers(row, numbers), this.liveNumbers());
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
    await this.em.nativeDelete(AgentSchema, { id, projectId });
  }

  /**
   * The agent's live numbers beside its row, oldest first, as one JSON array (the rows' own
   * columns as keys, timestamps as text): fromColumns and toPhoneNumber read them as they read
   * a native select's record.
   */
  private liveNumbers(): Alongside {
    return {
      sql: `select coalesce(json_agg(n order by n.created_at, n.id), '[]'::json) from (
        select ${selectListOf(this.em, PhoneNumberSchema)} from phone_numbers where agent_id = "agents"."id" and status = 'active') as n`,
      params: [],
    };
  }

  private withNumbers(row: AgentRow, numbers: unknown): AgentWithNumbers {
    return {
      agent: toAgent(row),
      numbers: (numbers as Record<string, unknown>[]).map((record) => toPhoneNumber(fromColumns(this.em, PhoneNumberSchema, record))),
    };
  }
}
