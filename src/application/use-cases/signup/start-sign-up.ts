import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { mailboxKey, type Mailbox } from '../../../domain/mailbox.js';
import { newSignUp, type SignUp } from '../../../domain/sign-up.js';
import { conflict, type Conflict, type RateLimited, type Unavailable } from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import type { Logger } from '../../ports/logger.js';
import type { Mailer } from '../../ports/mailer.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import type { CoreDeps } from '../common/deps.js';
import { consumeAll, type SignUpLimits } from './sign-up-limits.js';
import { signUpCodeMail } from './sign-up-mail.js';

export interface StartSignUpInput {
  readonly email: Mailbox;
  readonly agentName: string | null;
  /** The caller as the transport saw it (IPv6: its /64); null when unknown (then only the address limit applies). */
  readonly clientIp: string | null;
}

export type { SignUpLimits };

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
    const { email } = input;
    const owner = mailboxKey(email);
    return async () => {
      const limited = await this.checkLimits(owner, input.clientIp);
      if (E.isLeft(limited)) return limited;
      const code = credentials.mintOtp();
      const created = await uow.transaction(async (tx) => {
        if (await tx.projects.findByEmail(owner)) {
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

  /** `owner` is the mailbox's key, so every spelling of one mailbox counts together. */
  private checkLimits(owner: string, clientIp: string | null): Promise<E.Either<RateLimited, void>> {
    const { limits } = this.deps;
    return consumeAll(this.deps.rateLimiter, [
      ...(clientIp ? [{ key: `ip:${clientIp}`, rule: limits.perIp }] : []),
      { key: `email:${owner}`, rule: limits.perEmail },
    ]);
  }
}
