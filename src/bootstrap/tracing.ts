import type { TracerProvider } from '@opentelemetry/api';
import { OpenTelemetryTracing } from '../adapters/opentelemetry/open-telemetry-tracing.js';
import { NO_TRACING, type Tracing } from '../application/ports/tracing.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether the standard variables ask for traces: an OTLP endpoint, or an exporter named by
 * `OTEL_TRACES_EXPORTER` (`none` turns them off). Unset: no trace SDK module is loaded at all.
 */
export const tracesWanted = (env: Env): boolean => {
  const exporter = env['OTEL_TRACES_EXPORTER']?.trim();
  if (exporter === 'none') return false;
  return Boolean(exporter || env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim() || env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim());
};

/** The traces endpoint from the environment read (which may not be `process.env`, where the exporter looks itself). */
const otlpUrlOf = (env: Env): { url?: string } => {
  const traces = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim();
  if (traces) return { url: traces };
  const base = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  return base ? { url: `${base.replace(/\/+$/, '')}/v1/traces` } : {};
};

/** A tracing and what ends it (its spans flushed to the exporter). */
export interface LoadedTracing {
  readonly tracing: Tracing;
  readonly shutdown: () => Promise<void>;
}

/**
 * The OpenTelemetry SDK for Node with an OTLP/HTTP exporter (or the console's, by
 * `OTEL_TRACES_EXPORTER=console`), loaded by dynamic import only when {@link tracesWanted}.
 * The SDK reads the other standard variables itself: the endpoint and headers, the sampler
 * (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`), the batch sizes; the service is named by
 * `OTEL_SERVICE_NAME`, else `switchboard`.
 */
export const loadTracing = async (env: Env, version: string): Promise<LoadedTracing> => {
  if (!tracesWanted(env)) return { tracing: NO_TRACING, shutdown: async () => {} };
  const [{ NodeTracerProvider, BatchSpanProcessor, ConsoleSpanExporter }, { OTLPTraceExporter }, { defaultResource, resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = env['OTEL_TRACES_EXPORTER']?.trim() === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter(otlpUrlOf(env));
  const resource = defaultResource().merge(
    resourceFromAttributes({ 'service.name': env['OTEL_SERVICE_NAME']?.trim() || 'switchboard', 'service.version': version }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  return { tracing: new OpenTelemetryTracing(provider, version), shutdown: () => provider.shutdown() };
};

/** An embedder's own provider (its SDK, its exporter): Switchboard neither starts nor shuts it down. */
export const tracingOf = (provider: TracerProvider, version: string): Tracing => new OpenTelemetryTracing(provider, version);
