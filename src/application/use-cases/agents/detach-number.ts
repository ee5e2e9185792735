import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { detachFrom, type PhoneNumber } from '../../../domain/phone-number.js';
import { fromDomain, type NotFound } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { findAgentAndNumber, type AgentNumberInput } from './agent-and-number.js';

export type DetachNumberError = NotFound;

/** Detaching keeps the number live, ready for any agent. */
export class DetachNumber {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: AgentNumberInput): TE.TaskEither<DetachNumberError, PhoneNumber> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const found = await findAgentAndNumber(tx, input);
        if (E.isLeft(found)) return found;
        const detached = detachFrom(found.right.number, found.right.agent.id);
        if (E.isLeft(detached)) return E.left(fromDomain(detached.left));
        await tx.numbers.save(detached.right);
        return E.right(detached.right);
      });
  }
}
