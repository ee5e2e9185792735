import parsePrometheusTextFormat, { type MetricFamily, type Sample } from 'parse-prometheus-text-format';

/** A scrape's families by name, parsed as Prometheus' text format (a malformed line throws). */
export const parsedScrape = (text: string): ReadonlyMap<string, MetricFamily> =>
  new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));

const matches = (sample: Sample, labels: Readonly<Record<string, string>>): boolean =>
  Object.entries(labels).every(([name, value]) => sample.labels?.[name] === value);

/** The sum of a family's samples with these labels; 0 when there are none. */
export const sampleValue = (families: ReadonlyMap<string, MetricFamily>, name: string, labels: Readonly<Record<string, string>> = {}): number =>
  (families.get(name)?.metrics ?? [])
    .filter((sample) => matches(sample, labels))
    .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);

/**
 * A histogram's observations as its `+Inf` bucket says. The parser folds a labelled histogram's
 * series into one set of buckets, labels dropped: read one with a single label set.
 */
export const observations = (families: ReadonlyMap<string, MetricFamily>, name: string): number =>
  Number(families.get(name)?.metrics[0]?.buckets?.['+Inf'] ?? 0);

/** The label sets a family has samples for. */
export const labelSets = (families: ReadonlyMap<string, MetricFamily>, name: string): Readonly<Record<string, string>>[] =>
  (families.get(name)?.metrics ?? []).map((sample) => sample.labels ?? {});
