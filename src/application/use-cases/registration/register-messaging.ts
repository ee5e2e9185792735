import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { mayRegister, sendsUnderA2p10dlc, type Brand, type CampaignUse, type MessagingRegistration } from '../../../domain/messaging-registration.js';
import { conflict, notFound, providerError, type Conflict, type NotFound, type ProviderError } from '../../errors.js';
import type { MessagingRegistrar, RegistrationSender } from '../../ports/messaging-registrar.js';
import type { CoreDeps } from '../common/deps.js';

export interface RegisterMessagingInput {
  readonly projectId: string;
  readonly brand: Brand;
  readonly campaign: CampaignUse;
}

export interface RegistrationDeps extends Omit<CoreDeps, 'ids'> {
  readonly registrar: MessagingRegistrar;
}

export type RegisterMessagingError = NotFound | Conflict | ProviderError;

/** The most numbers a submission adds to the campaign; a project's numbers fit well within it. */
const SENDER_PAGE = { limit: 100, offset: 0 };

const standing = (status: string): Conflict => conflict(`this project's A2P 10DLC registration is ${status}; follow it at GET /v1/register/status`);

/**
 * Submits the project's business and campaign use case for A2P 10DLC to the carrier, with the
 * project's live 10DLC numbers as the campaign's senders, and keeps what the carrier answered.
 * One pending or approved registration stands (409); a failed one may be submitted again. A
 * carrier refusal stores nothing: the client corrects the details and submits again.
 */
export class RegisterMessaging {
  constructor(private readonly deps: RegistrationDeps) {}

  execute(input: RegisterMessagingInput): TE.TaskEither<RegisterMessagingError, MessagingRegistration> {
    const { uow, registrar, clock } = this.deps;
    return async () => {
      const senders = await uow.transaction(async (tx): Promise<E.Either<NotFound | Conflict, RegistrationSender[]>> => {
        if (!(await tx.projects.findById(input.projectId))) return E.left(notFound('project', input.projectId));
        const allowed = mayRegister(await tx.messagingRegistrations.find(input.projectId));
        if (E.isLeft(allowed)) return E.left(standing(allowed.left.status));
        const numbers = await tx.numbers.listLive(input.projectId, SENDER_PAGE);
        return E.right(numbers.items.filter(sendsUnderA2p10dlc).map((n): RegistrationSender => ({ phoneNumber: n.phoneNumber, providerId: n.providerId })));
      });
      if (E.isLeft(senders)) return senders;
      const report = await registrar.submit({ ...input, senders: senders.right });
      if (E.isLeft(report)) return E.left(providerError(report.left));
      const now = clock.now();
      const registration: MessagingRegistration = {
        ...input,
        ...report.right,
        registrar: registrar.name,
        submittedAt: now,
        checkedAt: now,
        senders: senders.right.map((s) => s.phoneNumber),
      };
      return uow.transaction(async (tx): Promise<E.Either<Conflict, MessagingRegistration>> => {
        // Re-read under the write: a second submission that raced this one has stored its own.
        const allowed = mayRegister(await tx.messagingRegistrations.find(input.projectId));
        if (E.isLeft(allowed)) return E.left(standing(allowed.left.status));
        await tx.messagingRegistrations.save(registration);
        return E.right(registration);
      });
    };
  }
}
