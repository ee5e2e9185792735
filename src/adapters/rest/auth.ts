import type { MiddlewareHandler } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../application/use-cases/index.js';
import type { RestEnv } from './env.js';
import { sendError } from './respond.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * `Authorization: Bearer <key>` → the project's Principal in the context. A missing or
 * malformed header is checked like a wrong key, so every refusal looks the same.
 */
export const authenticate =
  (useCases: UseCases['projects']): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const key = BEARER.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
    const principal = await useCases.authenticateApiKey.execute(key)();
    if (E.isLeft(principal)) return sendError(c, principal.left);
    c.set('principal', principal.right);
    await next();
  };
