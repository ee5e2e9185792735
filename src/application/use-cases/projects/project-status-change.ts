import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Project } from '../../../domain/project.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** Applies one of the project's own status rules under its lock and stores the result. */
export const changeProject =
  (deps: { readonly uow: UnitOfWork; readonly clock: Clock }, rule: (project: Project, now: Date) => Project) =>
  (projectId: string): TE.TaskEither<NotFound, Project> =>
  () =>
    deps.uow.transaction(async (tx) => {
      const project = await tx.projects.lockById(projectId);
      if (!project) return E.left(notFound('project', projectId));
      const changed = rule(project, deps.clock.now());
      if (changed !== project) await tx.projects.save(changed);
      return E.right(changed);
    });
