declare module 'parse-prometheus-text-format' {
  /** One sample: its value as written, its labels, and for a histogram its buckets. */
  export interface Sample {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly buckets?: Readonly<Record<string, string>>;
    readonly count?: string;
    readonly sum?: string;
  }
  export interface MetricFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: readonly Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
