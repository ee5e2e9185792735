import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { detachFrom, type PhoneNumber } from '../../../domain/phone-number.js';
import { fromDomain, notFound, type AppError } from '../../errors.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

export class DetachNumber {
  constructor(private readonly deps: { readonly uow: UnitOfWork }) {}

  execute(input: {
    readonly projectId: string;
    readonly agentId: string;
    readonly numberId: string;
  }): TE.TaskEither<AppError, PhoneNumber> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const agent = await tx.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        const number = await tx.numbers.findById(input.projectId, input.numberId);
        if (!number) return E.left(notFound('number', input.numberId));
        const detached = detachFrom(number, agent.id);
        if (E.isLeft(detached)) return E.left(fromDomain(detached.left));
        await tx.numbers.save(detached.right);
        return E.right(detached.right);
      });
  }
}
