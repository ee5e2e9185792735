import type * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../../application/errors.js';
import type { AnsweredBy } from '../../../domain/call.js';
import type { UseCases } from '../../../application/use-cases/index.js';

/** The simulated carrier's caller side: start a call, speak, pick up an outbound call, hang up. */
export interface SimulatedCaller {
  startInbound(input: { readonly from: string; readonly to: string }): Promise<E.Either<AppError, { readonly callId: string }>>;
  /** Resolves once the caller's turn is stored. */
  sayAndStore(callId: string, text: string): Promise<E.Either<AppError, void>>;
  /** The recipient of an outbound call picks up: a person, or an answering machine (`answeredBy`, default human). */
  answerOutbound(callId: string, answeredBy?: AnsweredBy): Promise<E.Either<AppError, unknown>>;
  /** The caller hangs up (reason caller_hangup). */
  hangUp(callId: string): Promise<E.Either<AppError, unknown>>;
}

/** What the console's resolvers call: nothing but use cases (and the simulated caller). */
export interface AdminSchemaDeps {
  readonly useCases: UseCases;
  /** Present on the simulated carrier: the mutations that play a caller are on. */
  readonly simulated: SimulatedCaller | null;
  /** How often the `deliveries` subscription reads the delivery log for news. */
  readonly deliveryPollMs: number;
}
