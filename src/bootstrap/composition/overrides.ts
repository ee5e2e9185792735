import type { Rebind, SwitchboardOptions } from './options.js';
import { packageVersion } from '../package-version.js';
import { tracingOf } from '../tracing.js';
import { TOKENS } from './tokens.js';

/** The per-port options as rebinds, then the host's own `override`: one mechanism for both. */
export const overridesOf =
  (options: SwitchboardOptions) =>
  (rebind: Rebind): void => {
    if (options.unitOfWork) rebind(TOKENS.unitOfWork).toConstantValue(options.unitOfWork);
    if (options.telephony) rebind(TOKENS.telephony).toConstantValue(options.telephony);
    if (options.clock) rebind(TOKENS.clock).toConstantValue(options.clock);
    if (options.timers) rebind(TOKENS.timers).toConstantValue(options.timers);
    if (options.logger) rebind(TOKENS.logger).toConstantValue(options.logger);
    if (options.mailer) rebind(TOKENS.mailer).toConstantValue(options.mailer);
    if (options.rateLimiter) rebind(TOKENS.rateLimiter).toConstantValue(options.rateLimiter);
    if (options.languageModel) rebind(TOKENS.languageModel).toConstantValue(options.languageModel);
    if (options.tracerProvider) rebind(TOKENS.tracing).toConstantValue(tracingOf(options.tracerProvider, packageVersion()));
    options.override?.(rebind);
  };
