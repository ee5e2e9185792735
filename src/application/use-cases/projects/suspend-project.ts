import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { suspendProject, type Project } from '../../../domain/project.js';
import type { NotFound } from '../../errors.js';
import type { Clock } from '../../ports/clock.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { changeProject } from './project-status-change.js';

export type SuspendProjectError = NotFound;

/**
 * The operator suspends a project: its API keys get 403 PROJECT_SUSPENDED from then on, on every
 * process at once (announced on the event bus once stored, so that caches of accepted keys
 * forget the project's). Idempotent; a repeat announces again.
 */
export class SuspendProject {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly clock: Clock; readonly eventBus: EventBus }) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<SuspendProjectError, Project> {
    return async () => {
      const result = await changeProject(this.deps, suspendProject)(input.projectId)();
      if (E.isRight(result)) await this.deps.eventBus.publishAccess({ type: 'project-suspended', projectId: result.right.id });
      return result;
    };
  }
}
