import { ContainerModule } from 'inversify';
import { NodeCredentials } from '../../adapters/node-crypto/node-credentials.js';
import { TimeSortableIdGenerator } from '../../adapters/node-crypto/time-sortable-id-generator.js';
import { createPinoLogger } from '../../adapters/pino/pino-logger.js';
import { SystemClock } from '../../adapters/system/system-clock.js';
import { NodeTimers } from '../../adapters/system/node-timers.js';
import { packageVersion } from '../package-version.js';
import { loadTracing } from '../tracing.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** What every area uses: the configuration, the log, time, ids and secrets. */
export const coreModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.config, [TOKENS.settings], (settings) => settings.config);
    provide(TOKENS.logger, [TOKENS.config, TOKENS.lifecycle], (config, lifecycle) => {
      const logger = createPinoLogger({ level: config.logLevel });
      // Built before everything that logs, so stopped after it: the last lines are written out.
      return lifecycle.manage('log', logger, { stop: () => logger.flush() });
    });
    provide(TOKENS.clock, [], () => new SystemClock());
    provide(TOKENS.timers, [], () => new NodeTimers());
    provide(TOKENS.tracing, [TOKENS.settings, TOKENS.lifecycle], async (settings, lifecycle) => {
      const loaded = await loadTracing(settings.env, packageVersion());
      return lifecycle.manage('trace exporter', loaded.tracing, { stop: loaded.shutdown });
    });
    provide(TOKENS.ids, [], () => new TimeSortableIdGenerator());
    provide(TOKENS.credentials, [], () => new NodeCredentials());
  });
