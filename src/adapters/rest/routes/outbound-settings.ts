import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { toOutboundSettingsChange } from '../codecs/outbound-settings.js';
import { decodeBody } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { projectOf, send, sendError } from '../respond.js';
import { outboundSettingsView } from '../views/outbound-settings.js';

/** `/v1/outbound-settings`: the acting project's attempt cap and default calling window. */
export const outboundSettingsRoutes = (useCases: UseCases['projects']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  app.get('/', (c) => send(c, useCases.getOutboundSettings.execute({ projectId: projectOf(c) }), (settings) => c.json(outboundSettingsView(settings))));
  app.patch('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateOutboundSettings.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), changes: toOutboundSettingsChange(body.right) };
    return send(c, useCases.setOutboundSettings.execute(input), (settings) => c.json(outboundSettingsView(settings)));
  });
  return app;
};
