import type { Webhook } from '../../domain/webhook.js';

/** A project's webhooks, as the operator's console lists them. */
export interface WebhookListQuery {
  /** The project's default webhook first, then the agents' webhooks, oldest first. */
  ofProject(projectId: string): Promise<readonly Webhook[]>;
}
