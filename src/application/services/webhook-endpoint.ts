import type { Webhook } from '../../domain/webhook.js';
import type { Repositories } from '../ports/repositories.js';

/**
 * The one endpoint an event of this agent goes to (`chooseEndpoint`: the agent's own, else the
 * account default), or null when the project has none. One read: it is on every event's path.
 */
export const endpointFor = async (tx: Repositories, projectId: string, agentId: string | null): Promise<Webhook | null> =>
  (await tx.webhooks.findEndpoints([{ projectId, agentId }]))[0] ?? null;
