import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isActiveKey } from '../../../domain/api-key.js';
import type { Forbidden, Unauthorized } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export interface Principal {
  readonly projectId: string;
  readonly keyId: string;
}

export type AuthenticateApiKeyError = Unauthorized | Forbidden;

/** What resolves a bearer key: this use case, or a cache in front of it. */
export interface ApiKeyAuthentication {
  execute(clearKey: string): TE.TaskEither<AuthenticateApiKeyError, Principal>;
}

const invalid: Unauthorized = { _tag: 'Unauthorized', message: 'missing or invalid API key' };

/** Resolves a bearer key to its project. Only hashes are looked up or compared. */
export class AuthenticateApiKey implements ApiKeyAuthentication {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly credentials: Credentials }) {}

  execute(clearKey: string): TE.TaskEither<AuthenticateApiKeyError, Principal> {
    const { uow, credentials } = this.deps;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<AuthenticateApiKeyError, Principal>> => {
        if (!clearKey) return E.left(invalid);
        const hash = credentials.hashApiKey(clearKey);
        const key = await tx.apiKeys.findByHash(hash);
        if (!key || !credentials.same(key.hash, hash) || !isActiveKey(key)) return E.left(invalid);
        const project = await tx.projects.findById(key.projectId);
        if (!project) return E.left(invalid);
        if (project.status === 'suspended') {
          return E.left({ _tag: 'Forbidden', code: 'PROJECT_SUSPENDED', message: 'this project is suspended; contact the operator' });
        }
        return E.right({ projectId: project.id, keyId: key.id });
      });
  }
}
