import type { Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AppError } from '../../application/errors.js';
import { apiKeyActor, type AttemptOrigin, type AttemptPath, type AuditActor } from '../../domain/audit-event.js';
import type { RestEnv } from './env.js';
import { envelopeOf, problemOf, type InputLocation, type Problem } from './error-envelope.js';

export const sendProblem = (c: Context<RestEnv>, problem: Problem, location: InputLocation = 'body'): Response =>
  c.json(envelopeOf(problem, location), problem.status, problem.headers ? { ...problem.headers } : undefined);

/** Use-case failures are about the body unless the caller says the query was at fault. */
export const sendError = (c: Context<RestEnv>, error: AppError, location: InputLocation = 'body'): Response =>
  sendProblem(c, problemOf(error), location);

/** Runs a use case and renders its Right with `ok`, its Left with the envelope. */
export const send = async <A>(
  c: Context<RestEnv>,
  task: TE.TaskEither<AppError, A>,
  ok: (value: A) => Response,
): Promise<Response> => {
  const result = await task();
  return E.isLeft(result) ? sendError(c, result.left) : ok(result.right);
};

export const projectOf = (c: Context<RestEnv>): string => c.get('principal').projectId;

/** Who the audit trail names for a change the request makes: the API key that authenticated it. */
export const actorOf = (c: Context<RestEnv>): AuditActor => apiKeyActor(c.get('principal').keyId);

/** An outbound attempt this request makes, for the audit trail should it be refused. */
export const originOf = (c: Context<RestEnv>, path: AttemptPath): AttemptOrigin => ({ actor: actorOf(c), path, campaignId: null });
