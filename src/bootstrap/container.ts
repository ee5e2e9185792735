import { Container } from 'inversify';
import type { Clock } from '../application/ports/clock.js';
import type { Credentials } from '../application/ports/credentials.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { Logger } from '../application/ports/logger.js';
import type { NumberWebhooks, Telephony } from '../application/ports/telephony.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { VoiceCatalog } from '../application/ports/voice-catalog.js';
import type { UseCases } from '../application/use-cases/index.js';
import { NodeCredentials } from '../adapters/node-crypto/node-credentials.js';
import { TimeSortableIdGenerator } from '../adapters/node-crypto/time-sortable-id-generator.js';
import { createRestApi } from '../adapters/rest/rest-api.js';
import { ConversationRelayVoiceCatalog } from '../adapters/voices/conversation-relay-voice-catalog.js';
import { buildUseCases } from './build-use-cases.js';
import type { SwitchboardConfig } from './config.js';
import { TOKENS } from './tokens.js';

/** What the container cannot make itself: opened resources and the caller's choices. */
export interface ContainerInputs {
  readonly config: SwitchboardConfig;
  readonly logger: Logger;
  readonly uow: UnitOfWork;
  readonly telephony: Telephony;
  readonly clock: Clock;
  readonly numberWebhooks: NumberWebhooks;
}

/**
 * The composition root: the only place that knows every adapter. Core classes are built by
 * factories (no decorator metadata needed), one container per Switchboard instance.
 */
export const buildContainer = (inputs: ContainerInputs): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<SwitchboardConfig>(TOKENS.config).toConstantValue(inputs.config);
  container.bind<Logger>(TOKENS.logger).toConstantValue(inputs.logger);
  container.bind<UnitOfWork>(TOKENS.unitOfWork).toConstantValue(inputs.uow);
  container.bind<Telephony>(TOKENS.telephony).toConstantValue(inputs.telephony);
  container.bind<Clock>(TOKENS.clock).toConstantValue(inputs.clock);
  container.bind<NumberWebhooks>(TOKENS.numberWebhooks).toConstantValue(inputs.numberWebhooks);
  container.bind<IdGenerator>(TOKENS.ids).toResolvedValue(() => new TimeSortableIdGenerator());
  container.bind<Credentials>(TOKENS.credentials).toResolvedValue(() => new NodeCredentials());
  container.bind<VoiceCatalog>(TOKENS.voiceCatalog).toResolvedValue(() => new ConversationRelayVoiceCatalog());
  container
    .bind<UseCases>(TOKENS.useCases)
    .toResolvedValue(
      (config: SwitchboardConfig, uow: UnitOfWork, clock: Clock, ids: IdGenerator, credentials: Credentials, telephony: Telephony, voices: VoiceCatalog, numberWebhooks: NumberWebhooks) =>
        buildUseCases({ uow, clock, ids, credentials, telephony, voices, numberWebhooks, prices: config.prices }),
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.telephony, TOKENS.voiceCatalog, TOKENS.numberWebhooks],
    );
  container
    .bind(TOKENS.restApi)
    .toResolvedValue(
      (useCases: UseCases, logger: Logger, uow: UnitOfWork) =>
        createRestApi({
          useCases,
          logger,
          health: () => uow.ping().then(() => true, () => false),
        }),
      [TOKENS.useCases, TOKENS.logger, TOKENS.unitOfWork],
    );
  return container;
};
