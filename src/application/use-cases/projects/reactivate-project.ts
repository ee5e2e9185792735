import type * as TE from 'fp-ts/lib/TaskEither.js';
import { reactivateProject, type Project } from '../../../domain/project.js';
import type { NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { changeProject } from './project-status-change.js';

export type ReactivateProjectError = NotFound;

/** The operator lifts a suspension: the project's keys work again. Idempotent. */
export class ReactivateProject {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<ReactivateProjectError, Project> {
    return changeProject(this.deps, reactivateProject)(input.projectId);
  }
}
