import { ContainerModule } from 'inversify';
import { StartSignUp } from '../../application/use-cases/signup/start-sign-up.js';
import { VerifySignUp } from '../../application/use-cases/signup/verify-sign-up.js';
import { ConsoleMailer } from '../../adapters/console/console-mailer.js';
import { NodemailerMailer } from '../../adapters/smtp/nodemailer-mailer.js';
import { provideWith } from './provide.js';
import { signUpLimitsOf } from './rate-rules.js';
import { TOKENS } from './tokens.js';

/** Self-signup: the mailer that sends its codes, and its two steps. */
export const signUpAndMailModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    // SMTP when SMTP_URL is set (unless MAILER=console); otherwise codes are logged (the offline default).
    provide(TOKENS.mailer, [TOKENS.config, TOKENS.logger], (config, logger) =>
      config.smtp ? new NodemailerMailer(config.smtp) : new ConsoleMailer(logger.child({ component: 'mailer' })),
    );
    provide(
      TOKENS.signUpUseCases,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.mailer, TOKENS.rateLimiter, TOKENS.logger, TOKENS.telephony, TOKENS.numberWebhooks],
      (config, uow, clock, ids, credentials, mailer, rateLimiter, logger, telephony, webhooks) => {
        const limits = signUpLimitsOf(config);
        return {
          startSignUp: new StartSignUp({ uow, clock, ids, credentials, mailer, rateLimiter, limits, logger: logger.child({ component: 'sign-up' }) }),
          verifySignUp: new VerifySignUp({
            uow,
            clock,
            ids,
            credentials,
            telephony,
            webhooks,
            signupCredit: config.prices.signupCredit,
            numberMonthlyPrice: config.prices.numberMonthly,
            rateLimiter,
            perIp: limits.verifyPerIp,
          }),
        };
      },
    );
  });
