import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { acceptedByCarrier, type Message } from '../../../domain/message.js';
import { notFound, type NotFound } from '../../errors.js';
import type { SmsDeliveryStatus } from '../../ports/telephony.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export interface MessageStatusReport {
  readonly providerMessageId: string;
  /** Our own ids, from the status callback URL the message was sent with. */
  readonly ownId: { readonly projectId: string; readonly messageId: string } | null;
  readonly status: SmsDeliveryStatus;
  /** The carrier's error code, reported with `failed`. */
  readonly errorCode: string | null;
}

export type UpdateMessageStatusError = NotFound;

/**
 * A carrier's delivery report for an outbound message. Reports arrive out of order: one that
 * would move the message backwards (a late `sent` after `delivered`) changes nothing. A report
 * that beats the send's own bookkeeping finds the message by our id and records the carrier's.
 */
export class UpdateMessageStatus {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: MessageStatusReport): TE.TaskEither<UpdateMessageStatusError, Message> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const message = input.ownId
          ? await tx.messages.findById(input.ownId.projectId, input.ownId.messageId)
          : await tx.messages.findByProviderMessageId(input.providerMessageId);
        if (!message) return E.left(notFound('message', input.ownId?.messageId ?? input.providerMessageId));
        const updated = acceptedByCarrier(message, message.providerMessageId ?? input.providerMessageId, input.status, input.errorCode);
        if (updated !== message) await tx.messages.save(updated);
        return E.right(updated);
      });
  }
}
