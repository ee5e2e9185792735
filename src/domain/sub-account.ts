import * as E from 'fp-ts/lib/Either.js';
import type { ForeignResource } from './errors.js';

/** Whose ledger a sub-account's charges and credits go to: its own, or its parent's. */
export type BalanceMode = 'own' | 'shared';

/**
 * Where a project sits among accounts: a top-level project has no parent; a sub-account is a
 * project with one, so every per-project isolation applies to it unchanged.
 */
export interface AccountPlacement {
  readonly id: string;
  readonly parentId: string | null;
  readonly balance: BalanceMode;
}

/** The project whose ledger pays for (and is credited with) this project's entries. */
export const ledgerAccountOf = (project: AccountPlacement): string =>
  project.parentId !== null && project.balance === 'shared' ? project.parentId : project.id;

/**
 * The project a request acts on. Without a requested sub-account, the key's own project. With
 * one, only a direct child of the key's project, or the key's project itself, is reachable: a
 * sub-account's key naming its sibling or its parent, or any key naming a stranger, is refused
 * as a resource it cannot see, so a probe learns nothing about which ids exist.
 */
export const actingProjectOf = (
  keyProject: AccountPlacement,
  requested: AccountPlacement | null,
  requestedId: string | null,
): E.Either<ForeignResource, string> => {
  if (requestedId === null || requestedId === keyProject.id) return E.right(keyProject.id);
  if (requested && requested.id === requestedId && requested.parentId === keyProject.id) return E.right(requested.id);
  return E.left({ _tag: 'ForeignResource', resource: 'sub-account', id: requestedId });
};
