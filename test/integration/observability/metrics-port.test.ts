import { PassThrough } from 'node:stream';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';
import { startServer } from '../../../src/bootstrap/server.js';
import { parsedScrape, sampleValue } from '../../support/prometheus-scrape.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

describe('METRICS_PORT', () => {
  it('serves /metrics on a listener of its own, the embedded pool among the figures, and not on the main port', async () => {
    const server = await startServer({ PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: await aMigratedDataDir('sb-metrics-port-') }, { logTo: new PassThrough() });
    try {
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await fetch(server.metricsUrl!);
      expect(scraped.status).toBe(200);
      const families = parsedScrape(await scraped.text());
      expect(sampleValue(families, 'switchboard_db_pool_connections', { state: 'max' })).toBe(1);
      expect(sampleValue(families, 'switchboard_queue_depth', { queue: 'webhook_outbox' })).toBe(0);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('must differ from PORT', () => {
    expect(loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toEqual(E.left([expect.stringContaining('METRICS_PORT=3000: must differ from PORT')]));
  });
});
