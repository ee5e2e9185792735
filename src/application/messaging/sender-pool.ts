import * as E from 'fp-ts/lib/Either.js';
import { sendersToAdd, withSenders, type MessagingRegistration } from '../../domain/messaging-registration.js';
import type { Logger } from '../ports/logger.js';
import type { MessagingRegistrar } from '../ports/messaging-registrar.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** The most numbers looked at a time; a project's numbers fit well within it. */
const NUMBER_PAGE = { limit: 100, offset: 0 };

export interface SenderPoolDeps {
  readonly uow: UnitOfWork;
  readonly registrar: MessagingRegistrar;
  readonly logger?: Logger;
}

/**
 * Keeps a registration's sender pool whole: the project's 10-digit US numbers not in it join it
 * at the carrier, and numbers the project no longer holds leave the record. It runs after a
 * number is bought and on each status read, so a number whose joining failed once joins on a
 * later one; a failure is logged and never fails the purchase or the read.
 */
export class SenderPool {
  constructor(private readonly deps: SenderPoolDeps) {}

  /** The project's registration as it stands after the pool was filled; null when it has none. */
  async fill(projectId: string): Promise<MessagingRegistration | null> {
    const { uow, registrar, logger } = this.deps;
    try {
      const read = await uow.transaction(async (tx) =>
        E.right({ registration: await tx.messagingRegistrations.find(projectId), live: (await tx.numbers.listLive(projectId, NUMBER_PAGE)).items }),
      );
      if (E.isLeft(read)) return null;
      const { registration, live } = read.right;
      if (registration === null || registration.registrar !== registrar.name) return registration;
      const held: readonly string[] = live.map((n) => n.phoneNumber);
      const missing = sendersToAdd(registration, live);
      if (missing.length === 0 && registration.senders.every((n) => held.includes(n))) return registration;
      const added: string[] = [];
      for (const number of missing) {
        const joined = await registrar.addSender(registration, { phoneNumber: number.phoneNumber, providerId: number.providerId });
        if (E.isRight(joined)) added.push(number.phoneNumber);
        else logger?.warn({ projectId, number: number.phoneNumber, reason: joined.left.message }, 'number not added to the A2P 10DLC sender pool');
      }
      const saved = await uow.transaction(async (tx) => {
        // Only over the registration the carrier was told about: a newer submission has its own pool.
        const current = await tx.messagingRegistrations.find(projectId);
        if (current === null || current.submittedAt.getTime() !== registration.submittedAt.getTime()) return E.right(current);
        const next = withSenders(current, added, held);
        await tx.messagingRegistrations.save(next);
        return E.right(next);
      });
      return E.isRight(saved) ? saved.right : registration;
    } catch (error) {
      logger?.warn({ projectId, reason: error instanceof Error ? error.message : String(error) }, 'A2P 10DLC sender pool not updated');
      return null;
    }
  }
}
