import type { Page } from '../../application/ports/pagination.js';
import type { DeliveryLogQuery, DeliveryLogRequest } from '../../application/queries/delivery-log-query.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';
import { toDelivery } from './mikro-orm-delivery-repository.js';
import { pageFromRows } from './read-page.js';
import type { ReadSession } from './read-session.js';
import { agentDeliveries, agentExists, deliveryLog, recentDeliveryLog } from './read-statements/index.js';

export class MikroOrmDeliveryLogQuery implements DeliveryLogQuery {
  constructor(private readonly reads: ReadSession) {}

  async page(projectId: string, request: DeliveryLogRequest): Promise<Page<WebhookDelivery>> {
    const filter = { projectId, agentId: request.agentId, status: request.status ?? null, eventType: request.eventType ?? null };
    const page = { limit: request.limit, offset: request.offset };
    const { since } = request;
    const rows =
      since === null ? await this.reads.run(deliveryLog.page, { ...filter, ...page }) : await this.reads.run(recentDeliveryLog.page, { ...filter, since, ...page });
    const count = () => (since === null ? this.reads.run(deliveryLog.count, filter) : this.reads.run(recentDeliveryLog.count, { ...filter, since }));
    return pageFromRows(rows, request.offset, (row) => toDelivery(row.row), count);
  }

  /** Deliveries found say the agent is there; only none asks. */
  async ofAgent(projectId: string, agentId: string, limit: number): Promise<readonly WebhookDelivery[] | null> {
    const rows = await this.reads.run(agentDeliveries, { projectId, agentId, limit });
    if (rows.length > 0) return rows.map(toDelivery);
    const [found] = await this.reads.run(agentExists, { projectId, agentId });
    return found ? [] : null;
  }
}
