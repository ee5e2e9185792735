import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { attachTo, type PhoneNumber } from '../../../domain/phone-number.js';
import { fromDomain, type AppError } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { findAgentAndNumber, type AgentNumberInput } from './agent-and-number.js';

/**
 * Gives the number to the agent. A number attached to another agent moves in the same unit
 * of work (one row changes): that agent keeps its threads and calls, the number's traffic from
 * now on is this agent's.
 */
export class AttachNumber {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: AgentNumberInput): TE.TaskEither<AppError, PhoneNumber> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const found = await findAgentAndNumber(tx, input);
        if (E.isLeft(found)) return found;
        const attached = attachTo(found.right.number, found.right.agent);
        if (E.isLeft(attached)) return E.left(fromDomain(attached.left));
        await tx.numbers.save(attached.right);
        return E.right(attached.right);
      });
  }
}
