import * as E from 'fp-ts/lib/Either.js';
import type { MessagingRegistrar, RegistrationSender, RegistrationSubmission } from '../../application/ports/messaging-registrar.js';
import type { CarrierReport, MessagingRegistration } from '../../domain/messaging-registration.js';

/**
 * The simulated carrier's registration desk: it takes every submission as pending and approves
 * it the first time it is asked how it stands, as the carrier's vetting would days later, so a
 * client's polling loop runs to its end offline.
 */
export class SimulatedMessagingRegistrar implements MessagingRegistrar {
  readonly name = 'simulated';

  async submit(submission: RegistrationSubmission): Promise<E.Either<never, CarrierReport>> {
    return E.right({
      status: 'pending',
      brandStatus: 'PENDING',
      campaignStatus: null,
      failureReason: null,
      references: { brandRegistration: `simulated-brand-${submission.projectId}` },
    });
  }

  async check(registration: MessagingRegistration): Promise<E.Either<never, CarrierReport>> {
    return E.right({
      status: 'approved',
      brandStatus: 'APPROVED',
      campaignStatus: 'VERIFIED',
      failureReason: null,
      references: { ...registration.references, campaign: `simulated-campaign-${registration.projectId}` },
    });
  }

  /** The simulated pool takes every number: the registration's `senders` is the record of it. */
  async addSender(_registration: MessagingRegistration, _sender: RegistrationSender): Promise<E.Either<never, void>> {
    return E.right(undefined);
  }
}
