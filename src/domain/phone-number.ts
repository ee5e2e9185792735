import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from './agent.js';
import type { Country } from './country.js';
import type { DomainError } from './errors.js';
import type { E164 } from './e164.js';

export type NumberStatus = 'active' | 'released';

/** A carrier number the project holds (or held: released numbers keep their history). */
export interface PhoneNumber {
  readonly id: string;
  readonly projectId: string;
  readonly phoneNumber: E164;
  readonly country: Country;
  readonly status: NumberStatus;
  readonly agentId: string | null;
  /** The carrier's own id for the number (Twilio's `PN…` sid). */
  readonly providerId: string;
  readonly createdAt: Date;
  readonly releasedAt: Date | null;
}

export const isLive = (number: PhoneNumber): boolean => number.status === 'active';

/**
 * A number has at most one agent; only a live number of the agent's own project can be
 * attached. A number attached to another agent moves: it leaves that agent. Threads stay
 * where they are (see `recordMessage`: a thread follows its number's agent from its next message).
 */
export const attachTo = (number: PhoneNumber, agent: Agent): E.Either<DomainError, PhoneNumber> => {
  if (number.projectId !== agent.projectId) {
    return E.left({ _tag: 'ForeignResource', resource: 'number', id: number.id });
  }
  if (!isLive(number)) return E.left({ _tag: 'NumberReleased', numberId: number.id });
  return E.right({ ...number, agentId: agent.id });
};

/** Detaching keeps the number live, ready for any agent. */
export const detachFrom = (number: PhoneNumber, agentId: string): E.Either<DomainError, PhoneNumber> =>
  number.agentId === agentId
    ? E.right({ ...number, agentId: null })
    : E.left({ _tag: 'NumberNotAttached', numberId: number.id, agentId });

/** Releasing is irreversible; the record stays so messages and calls keep their history. */
export const release = (number: PhoneNumber, now: Date): E.Either<DomainError, PhoneNumber> =>
  isLive(number)
    ? E.right({ ...number, status: 'released', agentId: null, releasedAt: now })
    : E.left({ _tag: 'NumberReleased', numberId: number.id });
