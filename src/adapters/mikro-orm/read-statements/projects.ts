import type { ApiKeyRow } from '../entities/api-key.js';
import type { ProjectRow } from '../entities/project.js';
import { readStatement } from '../read-session.js';
import type { SqlRow } from '../sql-row.js';
import { pagedStatements } from './paged.js';
import { selectList } from './rows.js';

const PROJECT_COLUMNS = [
  'id', 'email', 'name', 'status', 'number_limit', 'recording_enabled', 'max_concurrent_calls', 'outbound_settings', 'parent_id', 'balance_mode',
  'created_at', 'updated_at',
] as const;

const projectRow = (r: SqlRow): ProjectRow => ({
  id: r.text('id'),
  email: r.text('email'),
  name: r.text('name'),
  status: r.text('status'),
  numberLimit: r.integer('number_limit'),
  recordingEnabled: r.boolean('recording_enabled'),
  maxConcurrentCalls: r.integerOrNull('max_concurrent_calls'),
  outboundSettings: r.objectOrNull('outbound_settings'),
  parentId: r.textOrNull('parent_id'),
  balanceMode: r.textOrNull('balance_mode'),
  createdAt: r.instant('created_at'),
  updatedAt: r.instant('updated_at'),
});

const API_KEY_COLUMNS = ['id', 'project_id', 'prefix', 'hash', 'name', 'created_at', 'revoked_at', 'last_used_at'] as const;

const apiKeyRow = (r: SqlRow): ApiKeyRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  prefix: r.text('prefix'),
  hash: r.text('hash'),
  name: r.textOrNull('name'),
  createdAt: r.instant('created_at'),
  revokedAt: r.instantOrNull('revoked_at'),
  lastUsedAt: r.instantOrNull('last_used_at'),
});

/** Every project, oldest first; `pattern` (an ILIKE pattern) keeps those whose address it matches, null keeps all. */
export const projectList = pagedStatements<{ readonly pattern: string | null }, ProjectRow>(
  'project',
  { table: 'projects', columns: PROJECT_COLUMNS, where: `(:pattern::text is null or email ilike :pattern)`, orderBy: 'created_at, id' },
  projectRow,
);

/** One project by its id. */
export const oneProject = readStatement<{ readonly projectId: string }, ProjectRow>(
  'one_project',
  `select ${selectList(PROJECT_COLUMNS)} from projects where id = :projectId`,
  'read',
  projectRow,
);

/** A project's API keys, oldest first. */
export const projectApiKeys = readStatement<{ readonly projectId: string }, ApiKeyRow>(
  'project_api_keys',
  `select ${selectList(API_KEY_COLUMNS)} from api_keys where project_id = :projectId order by created_at, id`,
  'read',
  apiKeyRow,
);

/** Whether the project is there: asked only when a list of its rows came back empty. */
export const projectExists = readStatement<{ readonly projectId: string }, boolean>(
  'project_exists',
  `select exists(select 1 from projects where id = :projectId) as "found"`,
  'read',
  (r) => r.boolean('found'),
);
