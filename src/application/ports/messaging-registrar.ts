import type * as E from 'fp-ts/lib/Either.js';
import type { Brand, CampaignUse, CarrierReport, MessagingRegistration } from '../../domain/messaging-registration.js';
import type { ProviderFailure } from './provider-failure.js';

/** One of the project's numbers to text from under the campaign: its E.164 form and the carrier's id of it. */
export interface RegistrationSender {
  readonly phoneNumber: string;
  readonly providerId: string;
}

export interface RegistrationSubmission {
  readonly projectId: string;
  readonly brand: Brand;
  readonly campaign: CampaignUse;
  /** The project's live 10DLC numbers, added to the campaign's sender pool. */
  readonly senders: readonly RegistrationSender[];
}

/**
 * The carrier's A2P 10DLC registration desk (Twilio: Trust Hub and the Messaging API). Brands
 * and campaigns are vetted over days, so a submission answers `pending` and `check` tells how
 * it stands since.
 */
export interface MessagingRegistrar {
  /** Its name, kept with each registration it takes (`twilio`, `simulated`). */
  readonly name: string;
  submit(submission: RegistrationSubmission): Promise<E.Either<ProviderFailure, CarrierReport>>;
  /** Asks the carrier about a registration it took; moves it on where the carrier waits for a next step from us. */
  check(registration: MessagingRegistration): Promise<E.Either<ProviderFailure, CarrierReport>>;
  /** Puts a number into the sender pool of a registration it took (a number already there is no failure). */
  addSender(registration: MessagingRegistration, sender: RegistrationSender): Promise<E.Either<ProviderFailure, void>>;
}

/** Storage of registrations, one per project: the last one submitted. */
export interface MessagingRegistrationRepository {
  find(projectId: string): Promise<MessagingRegistration | null>;
  /** Stores it as its project's, replacing any stored before. */
  save(registration: MessagingRegistration): Promise<void>;
}
