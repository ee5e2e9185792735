import * as E from 'fp-ts/lib/Either.js';
import type { Logger } from '../../application/ports/logger.js';
import type { Mailer, MailFailure, OutgoingMail } from '../../application/ports/mailer.js';

/**
 * The default mailer when no SMTP server is configured: it writes each mail, body included,
 * to the log, so a new user can finish sign-up offline by reading the code from the server's
 * output. This is deliberately the one place a sign-up code is logged; configure SMTP_URL in
 * any deployment where the log is not private to the person signing up.
 */
export class ConsoleMailer implements Mailer {
  constructor(private readonly logger: Logger) {}

  async send(mail: OutgoingMail): Promise<E.Either<MailFailure, void>> {
    this.logger.info(
      { mailer: 'console', to: mail.to, subject: mail.subject, text: mail.text },
      `e-mail to ${mail.to} (console mailer: set SMTP_URL to send it)\n${mail.text}`,
    );
    return E.right(undefined);
  }
}
