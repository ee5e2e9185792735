import { ContainerModule } from 'inversify';
import { BillingClock } from '../../application/accounts/billing-clock.js';
import { OutboundTextSender } from '../../application/messaging/outbound-text-sender.js';
import { SignUpSweeper } from '../../application/accounts/sign-up-sweeper.js';
import { DEFAULT_SMS_SEND_LEASE_MS } from '../../application/use-cases/messages/send-sms.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/**
 * The background jobs no request asks for: monthly renewals, the sweep of expired sign-ups, and
 * the texts a request stored but did not see through (its process died mid-send).
 */
export const workersModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(
      TOKENS.billingClock,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.projectListQuery, TOKENS.clock, TOKENS.ids, TOKENS.logger, TOKENS.lifecycle],
      (config, uow, projects, clock, ids, logger, lifecycle) => {
        const billing = new BillingClock({ uow, projects, clock, ids, logger: logger.child({ component: 'billing' }), prices: config.prices });
        return lifecycle.manage('billing clock', billing, billing);
      },
    );
    provide(TOKENS.signUpSweeper, [TOKENS.unitOfWork, TOKENS.clock, TOKENS.logger, TOKENS.lifecycle], (uow, clock, logger, lifecycle) => {
      const sweeper = new SignUpSweeper({ uow, clock, logger: logger.child({ component: 'sign-up' }) });
      return lifecycle.manage('sign-up sweeper', sweeper, sweeper);
    });
    provide(
      TOKENS.outboundTextSender,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.telephony, TOKENS.clock, TOKENS.ids, TOKENS.logger, TOKENS.smsStatusUrl, TOKENS.eventEncoder, TOKENS.deliveryTrigger, TOKENS.activity, TOKENS.lifecycle],
      (config, uow, telephony, clock, ids, logger, smsStatusUrl, eventEncoder, deliveryTrigger, activity, lifecycle) => {
        const leaseMs = config.smsSendLeaseMs ?? DEFAULT_SMS_SEND_LEASE_MS;
        const sender = new OutboundTextSender({ uow, telephony, clock, ids, logger, smsStatusUrl, eventEncoder, deliveryTrigger, activity, leaseMs });
        return lifecycle.manage('outbound text sender', sender, sender);
      },
    );
  });
