import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { newSignUp, normaliseEmail, type SignUp } from '../../../domain/sign-up.js';
import { conflict, type Conflict, type RateLimited, type Unavailable } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import type { Logger } from '../../ports/logger.js';
import type { Mailer } from '../../ports/mailer.js';
import type { RateLimiter, RateRule } from '../../ports/rate-limiter.js';
import type { CoreDeps } from '../shared/deps.js';
import { signUpCodeMail } from './sign-up-mail.js';

export interface StartSignUpInput {
  readonly email: string;
  readonly agentName: string | null;
  /** The caller's address as the transport saw it; null when unknown (then only the address limit applies). */
  readonly clientIp: string | null;
}

export interface SignUpLimits {
  readonly perEmail: RateRule;
  readonly perIp: RateRule;
}

export interface StartSignUpDeps extends CoreDeps {
  readonly credentials: Credentials;
  readonly mailer: Mailer;
  readonly rateLimiter: RateLimiter;
  readonly limits: SignUpLimits;
  /** Where a mail failure's cause goes (the client only hears 503). */
  readonly logger?: Logger;
}

export type StartSignUpError = RateLimited | Conflict | Unavailable;

/**
 * Self-signup, step one: an agent names a human's e-mail address; a 6-digit code goes there.
 * Nothing is provisioned. Limited per client IP and per address, so the service cannot be
 * used to flood someone's mailbox.
 */
export class StartSignUp {
  constructor(private readonly deps: StartSignUpDeps) {}

  execute(input: StartSignUpInput): TE.TaskEither<StartSignUpError, SignUp> {
    const { uow, clock, ids, credentials, mailer } = this.deps;
    const email = normaliseEmail(input.email);
    return async () => {
      const limited = await this.checkLimits(email, input.clientIp);
      if (E.isLeft(limited)) return limited;
      const code = credentials.mintOtp();
      const created = await uow.transaction(async (tx) => {
        if (await tx.projects.findByEmail(email)) {
          return E.left(conflict(`A project for ${email} already exists; use its API key instead of signing up again`));
        }
        const id = ids.next('ver');
        const signUp = newSignUp({ id, email, agentName: input.agentName, codeHash: credentials.hashOtp(id, code), now: clock.now() });
        await tx.signUps.save(signUp);
        return E.right(signUp);
      });
      if (E.isLeft(created)) return created;
      const sent = await mailer.send(signUpCodeMail(created.right, code));
      if (E.isRight(sent)) return created;
      this.deps.logger?.error({ signUpId: created.right.id, reason: sent.left.message }, 'sign-up code could not be mailed');
      // A code nobody received must not linger as a live verification.
      await uow.transaction(async (tx) => E.right(await tx.signUps.delete(created.right.id)));
      return E.left({ _tag: 'Unavailable', message: 'The verification e-mail could not be sent; retry later' });
    };
  }

  private async checkLimits(email: string, clientIp: string | null): Promise<E.Either<RateLimited, void>> {
    const { rateLimiter, limits } = this.deps;
    const checks = [
      ...(clientIp ? [{ key: `ip:${clientIp}`, rule: limits.perIp }] : []),
      { key: `email:${email}`, rule: limits.perEmail },
    ];
    for (const { key, rule } of checks) {
      const decision = await rateLimiter.consume(key, rule);
      if (!decision.allowed) {
        return E.left({
          _tag: 'RateLimited',
          limit: decision.limit,
          windowSeconds: decision.windowSeconds,
          retryAfterSeconds: decision.retryAfterSeconds,
          scope: rule.name,
        });
      }
    }
    return E.right(undefined);
  }
}
