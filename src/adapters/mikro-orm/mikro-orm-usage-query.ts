import type { UsagePeriod, UsageQuery, UsageSeriesRequest } from '../../application/queries/usage-query.js';
import { cents } from '../../domain/money.js';
import type { ReadSession } from './read-session.js';
import { usageSeries } from './read-statements/index.js';

/** The usage series in SQL, through the read session. */
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
}
