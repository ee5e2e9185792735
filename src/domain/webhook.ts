import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';

export const CONTEXT_LIMIT = { min: 0, max: 50, default: 10 } as const;
export const WEBHOOK_TIMEOUT_SECONDS = { min: 5, max: 120, default: 30 } as const;

/** Where a project's events go: the account default (agentId null) or one agent's own. */
export interface Webhook {
  readonly id: string;
  readonly projectId: string;
  readonly agentId: string | null;
  readonly url: string;
  readonly secret: string;
  readonly contextLimit: number;
  readonly timeoutSeconds: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface WebhookSettings {
  readonly url: string;
  readonly contextLimit?: number;
  readonly timeoutSeconds?: number;
}

const inRange = (field: string, value: number, range: { min: number; max: number }): E.Either<InvalidField, number> =>
  Number.isInteger(value) && value >= range.min && value <= range.max
    ? E.right(value)
    : E.left(invalidField(field, `must be a whole number from ${range.min} to ${range.max}`));

/**
 * Creates the webhook, or replaces the settings of the existing one. Either way a new
 * secret is issued: re-posting is how a customer rotates it.
 */
export const configureWebhook = (props: {
  existing: Webhook | null;
  id: string;
  projectId: string;
  agentId: string | null;
  settings: WebhookSettings;
  secret: string;
  now: Date;
}): E.Either<InvalidField, Webhook> => {
  const contextLimit = inRange('contextLimit', props.settings.contextLimit ?? CONTEXT_LIMIT.default, CONTEXT_LIMIT);
  if (E.isLeft(contextLimit)) return contextLimit;
  const timeout = inRange('timeout', props.settings.timeoutSeconds ?? WEBHOOK_TIMEOUT_SECONDS.default, WEBHOOK_TIMEOUT_SECONDS);
  if (E.isLeft(timeout)) return timeout;
  return E.right({
    id: props.existing?.id ?? props.id,
    projectId: props.projectId,
    agentId: props.agentId,
    url: props.settings.url,
    secret: props.secret,
    contextLimit: contextLimit.right,
    timeoutSeconds: timeout.right,
    createdAt: props.existing?.createdAt ?? props.now,
    updatedAt: props.now,
  });
};

/** Each event goes to exactly one endpoint: the agent's own if it has one, else the default. */
export const chooseEndpoint = (agentWebhook: Webhook | null, accountDefault: Webhook | null): Webhook | null =>
  agentWebhook ?? accountDefault;
