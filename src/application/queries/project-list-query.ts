import type { Project } from '../../domain/project.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** What the operator's list of projects asks: a page, and an address filter (a case-insensitive contains), null for all. */
export type ProjectListRequest = PageRequest & { readonly email: string | null };

/** Every project, oldest first: the operator's console, and the billing clock's walk over them. */
export interface ProjectListQuery {
  page(request: ProjectListRequest): Promise<Page<Project>>;
}
