import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { configureWebhook, type Webhook, type WebhookSettings } from '../../../domain/webhook.js';
import { webhookUrl } from '../../../domain/webhook-url.js';
import { fromDomain, validation, type Conflict, type NotFound, type Validation } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import type { TargetPolicy } from '../../ports/target-policy.js';
import type { CoreDeps } from '../common/deps.js';
import { duplicateAsConflict } from '../common/uniqueness-races.js';
import { checkAgent, findTargetWebhook, type WebhookTarget } from './webhook-target.js';

export interface ConfigureWebhookDeps extends CoreDeps {
  readonly credentials: Credentials;
  /** Which hosts a webhook URL may name. */
  readonly targets: TargetPolicy;
}

export type ConfigureWebhookError = NotFound | Validation | Conflict;

/** Creates the account default or an agent's webhook, or updates it; a new secret every time. */
export class ConfigureWebhook {
  constructor(private readonly deps: ConfigureWebhookDeps) {}

  execute(input: WebhookTarget & { readonly settings: WebhookSettings }): TE.TaskEither<ConfigureWebhookError, Webhook> {
    const { uow, clock, ids, credentials } = this.deps;
    return () =>
      uow
        .transaction(async (tx): Promise<E.Either<ConfigureWebhookError, Webhook>> => {
          const agent = await checkAgent(tx, input);
          if (E.isLeft(agent)) return agent;
          const url = webhookUrl(input.settings.url);
          if (E.isLeft(url)) return E.left(fromDomain(url.left));
          const refusal = this.deps.targets.refusalOf(new URL(url.right).hostname);
          if (refusal !== null) {
            return E.left(validation('url', `must not point at a private, loopback or other special-purpose address: ${refusal}`));
          }
          const configured = configureWebhook({
            existing: await findTargetWebhook(tx, input),
            id: ids.next('wh'),
            projectId: input.projectId,
            agentId: input.agentId,
            settings: { ...input.settings, url: url.right },
            secret: credentials.mintWebhookSecret(),
            now: clock.now(),
          });
          if (E.isLeft(configured)) return E.left(fromDomain(configured.left));
          await tx.webhooks.save(configured.right);
          return E.right(configured.right);
        })
        .catch(duplicateAsConflict('the webhook was configured concurrently; retry'));
  }
}
