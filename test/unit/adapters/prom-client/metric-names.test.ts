import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InMemoryBacklogQuery } from '../../../../src/adapters/memory/in-memory-backlog-query.js';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { PromClientServiceActivity } from '../../../../src/adapters/prom-client/prom-client-service-activity.js';
import { parsedScrape } from '../../../support/prometheus-scrape.js';

const doc = (name: string) => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), 'utf8');

/** The metric names a text mentions (a histogram's series by its family's name). */
const namesIn = (text: string): string[] =>
  [...new Set([...text.matchAll(/\b((?:switchboard|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|sum|count)$/, '')))].sort();

describe(PromClientServiceActivity.name, () => {
  const sut = new PromClientServiceActivity({ backlog: new InMemoryBacklogQuery(new InMemoryUnitOfWork().tables), pool: () => ({ used: 1, idle: 2, waiting: 0, max: 10 }), now: () => new Date() });

  it('names its families as Prometheus does: counters end in _total, durations in _seconds', async () => {
    const families = parsedScrape((await sut.exposition()).body);
    const own = [...families.values()].filter((f) => f.name.startsWith('switchboard_'));
    for (const family of own) {
      if (family.type === 'COUNTER') expect(family.name).toMatch(/_total$/);
      if (family.type === 'HISTOGRAM') expect(family.name).toMatch(/_seconds$/);
    }
    expect(own.map((f) => f.name)).toContain('switchboard_db_pool_connections');
  });

  it('exposes every metric the Grafana dashboard and docs/observability.md name', async () => {
    const exposed = new Set(parsedScrape((await sut.exposition()).body).keys());
    const named = namesIn(`${doc('grafana-dashboard.json')}\n${doc('observability.md')}`).filter((name) => !name.endsWith('_'));
    expect(named.filter((name) => !exposed.has(name))).toEqual([]);
  });
});
