import type { UsageBreakdownRequest, UsageLine, UsagePeriod, UsageQuery, UsageSeriesRequest } from '../../application/queries/usage-query.js';
import { cents } from '../../domain/money.js';
import type { ReadSession } from './read-session.js';
import { usageBreakdown, usageSeries } from './read-statements/index.js';

/** The usage series and breakdowns in SQL, through the read session. */
export class MikroOrmUsageQuery implements UsageQuery {
  constructor(private readonly reads: ReadSession) {}

  async series(request: UsageSeriesRequest): Promise<readonly UsagePeriod[]> {
    const rows = await this.reads.run(usageSeries[request.bucket], {
      now: request.now,
      zone: request.zone,
      count: request.count,
      projectId: request.projectId,
    });
    return rows.map((row) => ({ ...row, chargesCents: cents(row.chargesCents) }));
  }

  async breakdown(request: UsageBreakdownRequest): Promise<readonly UsageLine[]> {
    const rows = await this.reads.run(usageBreakdown[request.by], { projectId: request.projectId, from: request.from, to: request.to });
    return rows.map((row) => ({ ...row, chargesCents: cents(row.chargesCents) }));
  }
}
