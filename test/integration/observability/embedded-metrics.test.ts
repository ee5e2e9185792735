import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { RecordingLogger } from '../rest/harness.js';
import { parsedScrape, sampleValue } from '../../support/prometheus-scrape.js';

describe("an embedder's metrics", () => {
  let sut: Switchboard | null = null;
  afterEach(async () => {
    await sut?.close();
  });

  const started = async (options: { readonly metricsRegistry?: Registry; readonly env?: Record<string, string> }) => {
    sut = createSwitchboard({ storage: 'memory', logger: new RecordingLogger(), env: options.env ?? {}, ...(options.metricsRegistry ? { metricsRegistry: options.metricsRegistry } : {}) });
    await sut.start();
    return sut;
  };

  it("go to the host's own registry, and its handler answers them with no token", async () => {
    const registry = new Registry();
    const switchboard = await started({ metricsRegistry: registry });

    expect(switchboard.metrics()?.registry).toBe(registry);
    expect(parsedScrape(await registry.metrics()).get('switchboard_calls_in_progress')?.type).toBe('GAUGE');
    const answered = await switchboard.metrics()!.handler(new Request('http://host/anywhere/metrics'));
    expect(answered.status).toBe(200);
    expect(sampleValue(parsedScrape(await answered.text()), 'switchboard_queue_depth', { queue: 'webhook_outbox' })).toBe(0);
    // Without METRICS_TOKEN the main app serves no /metrics.
    expect((await switchboard.fetch(new Request('http://host/metrics'))).status).toBe(404);
  });

  it('are not kept at all when nothing asks for them', async () => {
    const switchboard = await started({});
    expect(switchboard.metrics()).toBeNull();
  });
});
