import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { placementOf } from '../../../domain/project.js';
import { actingProjectOf } from '../../../domain/sub-account.js';
import { fromDomain, notFound, type Forbidden, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Principal } from '../api-keys/authenticate-api-key.js';

export type ResolveActingProjectError = NotFound | Forbidden;

/**
 * `X-Sub-Account-Id`: the principal a request acts as. Without the header, or naming the key's
 * own project, the key's project; naming a direct, open child of it, that child (refused like
 * its own key while the operator has it suspended); anything else, 404.
 */
export class ResolveActingProject {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: { readonly principal: Principal; readonly subAccountId: string | null }): TE.TaskEither<ResolveActingProjectError, Principal> {
    const { principal, subAccountId } = input;
    return async () => {
      if (subAccountId === null || subAccountId === principal.projectId) return E.right(principal);
      return this.deps.uow.transaction(async (tx): Promise<E.Either<ResolveActingProjectError, Principal>> => {
        const keyProject = await tx.projects.findById(principal.projectId);
        if (!keyProject) return E.left(notFound('sub-account', subAccountId));
        const requested = await tx.projects.findById(subAccountId);
        const open = requested && requested.status !== 'closed' ? placementOf(requested) : null;
        const acting = actingProjectOf(placementOf(keyProject), open, subAccountId);
        if (E.isLeft(acting)) return E.left(fromDomain(acting.left));
        if (requested?.status === 'suspended') {
          return E.left({ _tag: 'Forbidden', code: 'PROJECT_SUSPENDED', message: 'this sub-account is suspended; contact the operator' });
        }
        return E.right({ ...principal, projectId: acting.right });
      });
    };
  }
}
