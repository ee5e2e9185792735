import type { Project } from '../../domain/project.js';

/** One project by its id, whoever owns it: the operator's look-up. */
export interface ProjectQuery {
  byId(projectId: string): Promise<Project | null>;
}
