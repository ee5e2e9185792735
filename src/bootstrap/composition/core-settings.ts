import type { Registry } from 'prom-client';
import type { SwitchboardConfig } from '../config.js';
import type { StorageChoice } from '../storage.js';

/** What one Switchboard is built from, decided once from its options. */
export interface CoreSettings {
  readonly config: SwitchboardConfig;
  /** Which storage Switchboard opens, and whether the simulated carrier and rate limits persist with it. */
  readonly storage: StorageChoice;
  /** Where the host mounts Switchboard; '' at the root. */
  readonly basePath: string;
  /** `PUBLIC_URL`, base path included: where the carrier reaches calls' webhooks and sockets. */
  readonly publicUrl: string;
  /** The admin token lives in DATA_DIR across restarts; false (memory or the host's storage): one per instance. */
  readonly keepsAdminToken: boolean;
  /** The environment read (the standard OTEL_* variables are the trace SDK's, not the configuration's). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A host's prom-client registry: the figures go there (and are kept even with no METRICS_* set). */
  readonly metricsRegistry?: Registry;
}
