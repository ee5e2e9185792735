import * as E from 'fp-ts/lib/Either.js';
import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, MailFailure, OutgoingMail } from '../../application/ports/mailer.js';

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; nodemailer reads TLS and auth from it. */
  readonly url: string;
  /** The From header, e.g. `Switchboard <no-reply@example.com>`. */
  readonly from: string;
}

/** Sends mail through an SMTP server (SMTP_URL, MAIL_FROM). */
export class NodemailerMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = createTransport(settings.url);
  }

  async send(mail: OutgoingMail): Promise<E.Either<MailFailure, void>> {
    try {
      await this.transport.sendMail({ from: this.settings.from, to: mail.to, subject: mail.subject, text: mail.text });
      return E.right(undefined);
    } catch (error) {
      // The server's own words, without the URL (it may carry the SMTP password).
      return E.left({ _tag: 'MailFailure', message: error instanceof Error ? error.message : String(error) });
    }
  }

  close(): void {
    this.transport.close();
  }
}
