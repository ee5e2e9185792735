import type { Registry } from 'prom-client';
import type { ServiceActivity } from '../application/ports/service-activity.js';
import type { Scrape } from '../adapters/rest/metrics-routes.js';
import type { PromClientServiceActivity } from '../adapters/prom-client/prom-client-service-activity.js';
import type { SwitchboardConfig } from './config.js';

/** Switchboard's Prometheus figures, for a host to export its own way. */
export interface SwitchboardMetrics {
  /** prom-client's registry holding them (the host's own when it gave one). */
  readonly registry: Registry;
  /** The figures in Prometheus' text format. */
  readonly scrape: Scrape;
  /** Answers any request with the figures, no token asked: mount it where only the scraper reaches. */
  readonly handler: (request: Request) => Promise<Response>;
  /** Where the application reports what happened. */
  readonly activity: ServiceActivity;
}

/** Figures are kept when something will read them: `/metrics` with a token, a port of its own, or a host's registry. */
export const metricsWanted = (config: SwitchboardConfig, hostRegistry: Registry | undefined): boolean =>
  config.metrics.token !== null || config.metrics.port !== null || hostRegistry !== undefined;

export const metricsOf = (activity: PromClientServiceActivity): SwitchboardMetrics => {
  const scrape: Scrape = () => activity.exposition();
  return {
    registry: activity.registry,
    activity,
    scrape,
    handler: async () => {
      const { contentType, body } = await scrape();
      return new Response(body, { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
    },
  };
};
