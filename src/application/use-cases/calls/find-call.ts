import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Call } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CallQuery } from '../../queries/call-query.js';

export type FindCallError = NotFound;

/**
 * One call by its id alone, whatever its project: the operator's console. One read: its
 * transcript and analysis are fields of their own there, read when asked for.
 */
export class FindCall {
  constructor(private readonly deps: { readonly call: CallQuery }) {}

  execute(input: { readonly callId: string }): TE.TaskEither<FindCallError, Call> {
    return async () => {
      const call = await this.deps.call.inAnyProject(input.callId);
      return call ? E.right(call) : E.left(notFound('call', input.callId));
    };
  }
}
