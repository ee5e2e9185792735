import type { Cents } from '../../../domain/money.js';
import { ledgerAccountFor, type Project } from '../../../domain/project.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';

/** A sub-account as its parent sees it: the project, and the balance of the ledger it draws on. */
export interface SubAccount {
  readonly project: Project;
  readonly balanceCents: Cents;
}

export const subAccountOf = async (tx: Repositories, project: Project): Promise<SubAccount> => ({
  project,
  balanceCents: await tx.ledger.balanceOf(ledgerAccountFor(project)),
});

/**
 * The open sub-account `id` of `parentId`. Anything else — no such project, another's child,
 * a closed one, the parent itself — is the same 404, so a probe learns nothing of which ids exist.
 */
export const findChild = async (
  tx: Repositories,
  parentId: string,
  id: string,
  options: { readonly lock?: boolean } = {},
): Promise<Project | NotFound> => {
  const project = options.lock ? await tx.projects.lockById(id) : await tx.projects.findById(id);
  return project && project.parent?.id === parentId && project.status !== 'closed' ? project : notFound('sub-account', id);
};

export const isNotFound = (found: Project | NotFound): found is NotFound => '_tag' in found;
