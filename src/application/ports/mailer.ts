import type * as E from 'fp-ts/lib/Either.js';

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface MailFailure {
  readonly _tag: 'MailFailure';
  readonly message: string;
}

/** Sends e-mail to humans (sign-up codes). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<E.Either<MailFailure, void>>;
}
