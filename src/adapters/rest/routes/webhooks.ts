import { Hono, type Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import type { WebhookTarget } from '../../../application/use-cases/webhooks/webhook-target.js';
import { toWebhookSettings } from '../codecs/webhooks.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { allTimeStatsView, deliveryStatsView, deliveryView, testWebhookView, webhookView } from '../views/webhooks.js';

const success = { success: true } as const;

/** GET, POST and DELETE of one webhook, the same for the account default and an agent's own. */
const crud = (
  app: Hono<RestEnv>,
  path: string,
  body: typeof OPERATIONS.setWebhook.body | typeof OPERATIONS.setAgentWebhook.body,
  useCases: UseCases['webhooks'],
  targetOf: (c: Context<RestEnv>) => WebhookTarget,
) => {
  app.get(path, (c) =>
    send(c, useCases.getWebhook.execute(targetOf(c)), (webhook) => c.json(webhook && webhookView(webhook))),
  );

  app.post(path, async (c) => {
    const settings = await decodeBody(c, body);
    if (E.isLeft(settings)) return sendError(c, settings.left);
    const input = { ...targetOf(c), settings: toWebhookSettings(settings.right) };
    return send(c, useCases.configureWebhook.execute(input), (webhook) => c.json(webhookView(webhook)));
  });

  app.delete(path, (c) => send(c, useCases.deleteWebhook.execute(targetOf(c)), () => c.json(success)));
};

/** `/v1/webhooks`: the account default webhook, the delivery log and its statistics. */
export const webhookRoutes = (useCases: UseCases['webhooks']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  crud(app, '/', OPERATIONS.setWebhook.body, useCases, (c) => ({ projectId: projectOf(c), agentId: null }));

  app.get('/deliveries', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listDeliveries.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const { limit, offset, hours } = query.right;
    const input = { projectId: projectOf(c), page: { limit, offset }, hours };
    return send(c, useCases.listDeliveries.execute(input), (page) => {
      const envelope = pageEnvelope(page, input.page, deliveryView);
      return c.json({ ...envelope, offset, limit, items: envelope.data });
    });
  });

  app.get('/deliveries/stats', async (c) => {
    const query = decodeQuery(c, OPERATIONS.getDeliveryStats.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), hours: query.right.hours };
    return send(c, useCases.getDeliveryStats.execute(input), (stats) => c.json(deliveryStatsView(stats)));
  });

  app.get('/deliveries/all-time', (c) =>
    send(c, useCases.getAllTimeDeliveryStats.execute({ projectId: projectOf(c) }), (stats) =>
      c.json(allTimeStatsView(stats)),
    ),
  );

  app.post('/test', async (c) => {
    const query = decodeQuery(c, OPERATIONS.testWebhook.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const target = { kind: 'account' as const, projectId: projectOf(c), agentId: query.right.agentId ?? null };
    return send(c, useCases.sendTestWebhook.execute(target), (result) => c.json(testWebhookView(result)));
  });

  return app;
};

/** `/v1/agents/{id}/webhook`: an agent's own webhook and its deliveries. */
export const agentWebhookRoutes = (useCases: UseCases['webhooks']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  crud(app, '/:id/webhook', OPERATIONS.setAgentWebhook.body, useCases, (c) => ({ projectId: projectOf(c), agentId: c.req.param('id')! }));

  app.get('/:id/webhook/deliveries', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listAgentDeliveries.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), agentId: c.req.param('id'), limit: query.right.limit };
    return send(c, useCases.listAgentDeliveries.execute(input), (deliveries) => c.json(deliveries.map(deliveryView)));
  });

  app.post('/:id/webhook/test', (c) =>
    send(
      c,
      useCases.sendTestWebhook.execute({ kind: 'agent', projectId: projectOf(c), agentId: c.req.param('id') }),
      (result) => c.json(testWebhookView(result)),
    ),
  );

  return app;
};
