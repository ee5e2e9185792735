import type { Page } from '../../application/ports/pagination.js';
import type { ApiKeyListQuery } from '../../application/queries/api-key-list-query.js';
import type { ProjectListQuery, ProjectListRequest } from '../../application/queries/project-list-query.js';
import type { ProjectQuery } from '../../application/queries/project-query.js';
import type { ApiKey } from '../../domain/api-key.js';
import type { Project } from '../../domain/project.js';
import { toApiKey } from './mikro-orm-api-key-repository.js';
import { toProject } from './mikro-orm-project-repository.js';
import { pageFromRows } from './read-page.js';
import type { ReadSession } from './read-session.js';
import { oneProject, projectApiKeys, projectExists, projectList } from './read-statements/index.js';
import { containsPattern } from './storage-support.js';

export class MikroOrmProjectListQuery implements ProjectListQuery {
  constructor(private readonly reads: ReadSession) {}

  async page(request: ProjectListRequest): Promise<Page<Project>> {
    // Addresses are stored lower-case; ILIKE makes the filter case-blind all the same.
    const pattern = request.email === null ? null : containsPattern(request.email.toLowerCase());
    const rows = await this.reads.run(projectList.page, { pattern, limit: request.limit, offset: request.offset });
    return pageFromRows(rows, request.offset, (row) => toProject(row.row), () => this.reads.run(projectList.count, { pattern }));
  }
}

export class MikroOrmProjectQuery implements ProjectQuery {
  constructor(private readonly reads: ReadSession) {}

  async byId(projectId: string): Promise<Project | null> {
    const [row] = await this.reads.run(oneProject, { projectId });
    return row === undefined ? null : toProject(row);
  }
}

/** A project's keys: a list with rows says the project is there; only an empty one asks. */
export class MikroOrmApiKeyListQuery implements ApiKeyListQuery {
  constructor(private readonly reads: ReadSession) {}

  async ofProject(projectId: string): Promise<readonly ApiKey[] | null> {
    const rows = await this.reads.run(projectApiKeys, { projectId });
    if (rows.length > 0) return rows.map(toApiKey);
    const [found] = await this.reads.run(projectExists, { projectId });
    return found ? [] : null;
  }
}
