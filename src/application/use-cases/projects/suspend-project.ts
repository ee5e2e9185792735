import type * as TE from 'fp-ts/lib/TaskEither.js';
import { suspendProject, type Project } from '../../../domain/project.js';
import type { NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { changeProject } from './project-status-change.js';

export type SuspendProjectError = NotFound;

/** The operator suspends a project: its API keys get 403 PROJECT_SUSPENDED from then on. Idempotent. */
export class SuspendProject {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<SuspendProjectError, Project> {
    return changeProject(this.deps, suspendProject)(input.projectId);
  }
}
