import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { awaitsCarrier, withReport, type MessagingRegistration } from '../../../domain/messaging-registration.js';
import { notFound, type NotFound } from '../../errors.js';
import type { Logger } from '../../ports/logger.js';
import type { SenderPool } from '../../messaging/sender-pool.js';
import type { RegistrationDeps } from './register-messaging.js';

export interface GetRegistrationStatusDeps extends RegistrationDeps {
  readonly senderPool: SenderPool;
  readonly logger?: Logger;
}

export type GetRegistrationStatusError = NotFound;

/**
 * How the project's registration stands: asked of the carrier while it is pending (so each
 * poll may move it on), as stored once the carrier has decided. Null: the project never
 * registered. A carrier that cannot be reached leaves the stored state, its `checkedAt` telling
 * how old it is. Each read also puts the project's numbers that are not in the sender pool into it.
 */
export class GetRegistrationStatus {
  constructor(private readonly deps: GetRegistrationStatusDeps) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<GetRegistrationStatusError, MessagingRegistration | null> {
    return async () => {
      const checked = await this.checked(input.projectId);
      if (E.isLeft(checked) || checked.right === null || checked.right.status === 'failed') return checked;
      return E.right((await this.deps.senderPool.fill(input.projectId)) ?? checked.right);
    };
  }

  private async checked(projectId: string): Promise<E.Either<GetRegistrationStatusError, MessagingRegistration | null>> {
    const { uow, registrar, clock, logger } = this.deps;
    const stored = await uow.transaction(async (tx) =>
      (await tx.projects.findById(projectId)) ? E.right(await tx.messagingRegistrations.find(projectId)) : E.left(notFound('project', projectId)),
    );
    if (E.isLeft(stored) || stored.right === null) return stored;
    const registration = stored.right;
    if (!awaitsCarrier(registration) || registration.registrar !== registrar.name) return stored;
    const report = await registrar.check(registration);
    if (E.isLeft(report)) {
      logger?.warn({ projectId: projectId, reason: report.left.message }, 'registration status check failed');
      return stored;
    }
    const checked = withReport(registration, report.right, clock.now());
    return uow.transaction(async (tx) => {
      // Only over the registration this check was about: a newer submission keeps its own state.
      const current = await tx.messagingRegistrations.find(projectId);
      if (current === null || current.submittedAt.getTime() !== registration.submittedAt.getTime()) return E.right(current);
      await tx.messagingRegistrations.save(checked);
      return E.right(checked);
    });
  }
}
