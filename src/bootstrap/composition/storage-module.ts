import { ContainerModule } from 'inversify';
import { MemoryRateLimiter } from '../../adapters/rate-limiter-flexible/memory-rate-limiter.js';
import { PostgresRateLimiter } from '../../adapters/postgres-rate-limits/postgres-rate-limiter.js';
import { countingRefusals } from '../../application/kernel/refusal-counting-rate-limiter.js';
import { openStorage } from '../storage.js';
import { queriesOf } from './store-queries.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** Where state lives: the unit of work over the repositories, the list reads' queries, and the rate limits' counters. */
export const storageModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.unitOfWork, [TOKENS.settings, TOKENS.logger, TOKENS.lifecycle], async (settings, logger, lifecycle) => {
      const storage = await openStorage(settings.storage, settings.config, logger);
      logger.info({ storage: storage.description }, 'storage opened');
      return lifecycle.manage('storage', storage.uow, { stop: () => storage.close() });
    });
    provide(TOKENS.usageQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).usage);
    provide(TOKENS.backlogQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).backlog);
    // The list reads' queries, on the store the unit of work writes (a rebound unit of work included).
    provide(TOKENS.agentPageQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).agents);
    provide(TOKENS.agentQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).agent);
    provide(TOKENS.callQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).call);
    provide(TOKENS.conversationQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).conversation);
    provide(TOKENS.numberMessagesQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).numberMessages);
    provide(TOKENS.ledgerQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).ledger);
    provide(TOKENS.webhookListQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).webhooks);
    provide(TOKENS.projectListQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).projects);
    provide(TOKENS.projectQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).project);
    provide(TOKENS.apiKeyListQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).apiKeys);
    provide(TOKENS.deliveryLogQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).deliveries);
    provide(TOKENS.contactListQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).contacts);
    provide(TOKENS.numberListQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).numbers);
    provide(TOKENS.auditEventQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).auditEvents);
    provide(TOKENS.callPageQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).calls);
    provide(TOKENS.conversationPageQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).conversations);
    provide(TOKENS.conversationMessagesQuery, [TOKENS.unitOfWork], (uow) => queriesOf(uow).messages);
    // PostgreSQL when several nodes may share the database, so every node counts against the same windows
    // (each decides locally and shares its counts a few times a second).
    // After the storage: a DATABASE_URL naming a missing database has it created (and said) there
    // first, and the migrations have made the limiter's table.
    provide(TOKENS.rateLimiter, [TOKENS.settings, TOKENS.lifecycle, TOKENS.logger, TOKENS.unitOfWork, TOKENS.activity], async ({ storage, config }, lifecycle, logger, _uow, activity) => {
      if (storage !== 'database' || !config.databaseUrl) return countingRefusals(new MemoryRateLimiter(), activity);
      const limiter = await PostgresRateLimiter.open({ databaseUrl: config.databaseUrl, logger: logger.child({ component: 'rate limiter' }) });
      return countingRefusals(lifecycle.manage('rate limiter', limiter, { stop: () => limiter.close() }), activity);
    });
  });
