import { ContainerModule } from 'inversify';
import { BillingClock } from '../../application/services/billing-clock.js';
import { SignUpSweeper } from '../../application/services/sign-up-sweeper.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** The background jobs no request asks for: monthly renewals, and the sweep of expired sign-ups. */
export const workersModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(
      TOKENS.billingClock,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.logger, TOKENS.lifecycle],
      (config, uow, clock, ids, logger, lifecycle) => {
        const billing = new BillingClock({ uow, clock, ids, logger: logger.child({ component: 'billing' }), prices: config.prices });
        return lifecycle.manage('billing clock', billing, billing);
      },
    );
    provide(TOKENS.signUpSweeper, [TOKENS.unitOfWork, TOKENS.clock, TOKENS.logger, TOKENS.lifecycle], (uow, clock, logger, lifecycle) => {
      const sweeper = new SignUpSweeper({ uow, clock, logger: logger.child({ component: 'sign-up' }) });
      return lifecycle.manage('sign-up sweeper', sweeper, sweeper);
    });
  });
