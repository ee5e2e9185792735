import { Hono } from 'hono';
import type { UseCases } from '../../../application/use-cases/index.js';
import type { RestEnv } from '../env.js';
import { projectOf, send } from '../respond.js';
import { usageView } from '../views/usage.js';

/** `/v1/usage`: balance, numbers and this month's charges, as the ledger says. */
export const usageRoutes = (useCases: UseCases['billing']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.get('/', (c) =>
    send(c, useCases.getUsage.execute({ projectId: projectOf(c) }), (usage) => c.json(usageView(usage))),
  );

  return app;
};
