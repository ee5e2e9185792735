import * as E from 'fp-ts/lib/Either.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Repositories } from '../../ports/repositories.js';

/** Which webhook a request is about: the account default (agentId null) or one agent's own. */
export interface WebhookTarget {
  readonly projectId: string;
  readonly agentId: string | null;
}

/** An agent webhook needs an agent of the project: 404 otherwise. */
export const checkAgent = async (tx: Repositories, target: WebhookTarget): Promise<E.Either<NotFound, void>> =>
  target.agentId === null || (await tx.agents.findById(target.projectId, target.agentId))
    ? E.right(undefined)
    : E.left(notFound('agent', target.agentId));

export const findTargetWebhook = (tx: Repositories, target: WebhookTarget) =>
  target.agentId === null
    ? tx.webhooks.findDefault(target.projectId)
    : tx.webhooks.findForAgent(target.projectId, target.agentId);
