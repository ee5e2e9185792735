import { Hono, type Context } from 'hono';
import type { UsageGrouping } from '../../../application/queries/usage-query.js';
import { usageByAgentView, usageByNumberView } from '../views/usage-breakdown.js';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { projectOf, send, sendError } from '../respond.js';
import { usageView } from '../views/usage.js';
import { dailyUsageView, monthlyUsageView } from '../views/usage-series.js';

/** `/v1/usage`: balance, numbers and this month's charges, as the ledger says; the per-day and per-month series; the breakdowns by number and by agent. */
export const usageRoutes = (useCases: UseCases['billing']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.get('/', (c) =>
    send(c, useCases.getUsage.execute({ projectId: projectOf(c) }), (usage) => c.json(usageView(usage))),
  );

  app.get('/daily', (c) => {
    const query = decodeQuery(c, OPERATIONS.getDailyUsage.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const { days, tz } = query.right;
    return send(c, useCases.getDailyUsage.execute({ projectId: projectOf(c), days, zone: tz }), (periods) => c.json(dailyUsageView(periods, tz)));
  });

  app.get('/monthly', (c) => {
    const query = decodeQuery(c, OPERATIONS.getMonthlyUsage.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const { months, tz } = query.right;
    return send(c, useCases.getMonthlyUsage.execute({ projectId: projectOf(c), months, zone: tz }), (periods) => c.json(monthlyUsageView(periods, tz)));
  });

  const breakdown = (by: UsageGrouping) => (c: Context<RestEnv>) => {
    const query = decodeQuery(c, OPERATIONS.getUsageByNumber.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const { period, from, to, tz } = query.right;
    const input = { projectId: projectOf(c), by, period: period ?? null, from: from ?? null, to: to ?? null, zone: tz };
    return send(c, useCases.getUsageBreakdown.execute(input), (usage) => c.json(by === 'number' ? usageByNumberView(usage) : usageByAgentView(usage)));
  };
  app.get('/by-number', breakdown('number'));
  app.get('/by-agent', breakdown('agent'));

  return app;
};
