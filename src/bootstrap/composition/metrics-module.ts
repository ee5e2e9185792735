import { ContainerModule } from 'inversify';
import { MikroOrmUnitOfWork } from '../../adapters/mikro-orm/mikro-orm-unit-of-work.js';
import { PromClientServiceActivity } from '../../adapters/prom-client/prom-client-service-activity.js';
import { NO_ACTIVITY } from '../../application/ports/service-activity.js';
import { metricsOf, metricsWanted } from '../metrics.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** The figures an operator scrapes: Prometheus' when asked for (see metricsWanted), else nobody counts and nothing is built. */
export const metricsModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.metrics, [TOKENS.settings, TOKENS.unitOfWork, TOKENS.backlogQuery, TOKENS.clock], ({ config, metricsRegistry }, uow, backlog, clock) => {
      if (!metricsWanted(config, metricsRegistry)) return null;
      const pool = uow instanceof MikroOrmUnitOfWork ? () => uow.poolUsage() : () => null;
      return metricsOf(new PromClientServiceActivity({ backlog, pool, now: () => clock.now() }, metricsRegistry));
    });
    provide(TOKENS.activity, [TOKENS.metrics], (metrics) => metrics?.activity ?? NO_ACTIVITY);
  });
