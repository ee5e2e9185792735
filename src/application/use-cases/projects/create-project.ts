import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { credit } from '../../../domain/ledger.js';
import type { Mailbox } from '../../../domain/mailbox.js';
import type { Cents } from '../../../domain/money.js';
import { newProject, type Project } from '../../../domain/project.js';
import { conflict, type Conflict } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import type { CoreDeps } from '../common/deps.js';
import { duplicateAsConflict } from '../common/uniqueness-races.js';
import { mintKeyFor, type IssuedApiKey } from '../api-keys/new-api-key.js';

export interface CreatedProject {
  readonly project: Project;
  readonly apiKey: IssuedApiKey;
}

export type CreateProjectError = Conflict;

/**
 * The operator's way to open an account directly: a project, its credit and a first key. The
 * address is a parsed {@link Mailbox}, so it is held to the same one-project-per-mailbox rule
 * as self-signup.
 */
export class CreateProject {
  constructor(private readonly deps: CoreDeps & { readonly credentials: Credentials; readonly signupCredit: Cents }) {}

  execute(input: { readonly email: Mailbox; readonly name?: string }): TE.TaskEither<CreateProjectError, CreatedProject> {
    const { uow, clock, ids, signupCredit } = this.deps;
    const takenMessage = `a project for ${input.email} already exists`;
    const taken = conflict(takenMessage);
    return () =>
      uow
        .transaction(async (tx) => {
          const now = clock.now();
          const project = newProject({ id: ids.next('proj'), email: input.email, name: input.name, now });
          if (await tx.projects.findByEmail(project.email)) return E.left(taken);
          await tx.projects.save(project);
          if (signupCredit > 0) {
            await tx.ledger.append(
              credit({ id: ids.next('led'), projectId: project.id, amount: signupCredit, reason: 'signup_credit', resourceId: null, createdAt: now }),
            );
          }
          const apiKey = await mintKeyFor(tx, this.deps, project.id, now);
          return E.right({ project, apiKey });
        })
        .catch(duplicateAsConflict(takenMessage));
  }
}
