import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { ProjectRepository } from '../../application/ports/repositories.js';
import type { Project, ProjectStatus } from '../../domain/project.js';
import type { BalanceMode } from '../../domain/sub-account.js';
import { ProjectSchema, type ProjectRow } from './entities/project.js';
import { decodeColumn, OutboundSettingsJson } from './json-columns.js';
import { ormUpsert } from './orm-writes.js';
import { findPage, findRow, lockRow } from './storage-support.js';

export const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  email: row.email,
  name: row.name,
  status: row.status as ProjectStatus,
  numberLimit: row.numberLimit,
  recordingEnabled: row.recordingEnabled,
  ...(row.maxConcurrentCalls !== null && row.maxConcurrentCalls !== undefined ? { maxConcurrentCalls: row.maxConcurrentCalls } : {}),
  ...(row.outboundSettings ? { outbound: decodeColumn(OutboundSettingsJson, row.outboundSettings, 'projects', 'outbound_settings', row.id) } : {}),
  ...(row.parentId ? { parent: { id: row.parentId, balance: row.balanceMode as BalanceMode } } : {}),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toProjectRow = (project: Project): ProjectRow => ({
  id: project.id,
  email: project.email,
  name: project.name,
  status: project.status,
  numberLimit: project.numberLimit,
  recordingEnabled: project.recordingEnabled,
  maxConcurrentCalls: project.maxConcurrentCalls ?? null,
  outboundSettings: project.outbound ? { ...OutboundSettingsJson.encode(project.outbound) } : null,
  parentId: project.parent?.id ?? null,
  balanceMode: project.parent?.balance ?? null,
  createdAt: project.createdAt,
  updatedAt: project.updatedAt,
});

export class MikroOrmProjectRepository implements ProjectRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string): Promise<Project | null> {
    const row = await findRow(this.em, ProjectSchema, { id });
    return row && toProject(row);
  }

  async findByEmail(email: string): Promise<Project | null> {
    const row = await findRow(this.em, ProjectSchema, { email: email.toLowerCase(), parentId: null });
    return row && toProject(row);
  }

  async lockById(id: string): Promise<Project | null> {
    const row = await lockRow(this.em, ProjectSchema, id);
    return row && toProject(row);
  }

  listChildren(parentId: string, page: PageRequest): Promise<Page<Project>> {
    const where = { parentId, status: { $in: ['active', 'suspended'] } };
    return findPage(this.em, ProjectSchema, where, { createdAt: 'asc', id: 'asc' }, page, toProject);
  }

  async save(project: Project): Promise<void> {
    await ormUpsert(this.em, ProjectSchema, toProjectRow(project));
  }
}
