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

/** OTLP's encodings over HTTP; gRPC is not offered (it would need a second transport stack). */
const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/**
 * The encoding `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` (or `OTEL_EXPORTER_OTLP_PROTOCOL`) names;
 * protobuf by default, as OpenTelemetry's specification sets it: smaller on the wire and less
 * work to write than JSON.
 */
export const otlpProtocolOf = (env: Env): OtlpProtocol => {
  const named = (env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] ?? env['OTEL_EXPORTER_OTLP_PROTOCOL'])?.trim();
  if (!named) return 'http/protobuf';
  const protocol = OTLP_PROTOCOLS.find((p) => p === named);
  if (!protocol) throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be ${OTLP_PROTOCOLS.join(' or ')} (got ${named})`);
  return protocol;
};

/** The OTLP/HTTP exporter of the protocol asked for, loaded only then. */
const otlpExporter = async (env: Env) => {
  const options = otlpUrlOf(env);
  if (otlpProtocolOf(env) === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter(options);
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter(options);
};

/** A tracing and what ends it (its spans flushed to the exporter). */
export interface LoadedTracing {
  readonly tracing: Tracing;
  readonly shutdown: () => Promise<void>;
}

type SdkTraceBase = typeof import('@opentelemetry/sdk-trace-base');

/**
 * The sampler `OTEL_TRACES_SAMPLER` (and `OTEL_TRACES_SAMPLER_ARG`, a ratio) names, as the SDK
 * reads them; parent-based always-on when unset or unknown, the specification's default.
 */
export const samplerOf = (env: Env, sdk: SdkTraceBase) => {
  const arg = Number(env['OTEL_TRACES_SAMPLER_ARG']?.trim() || '1');
  const ratio = () => new sdk.TraceIdRatioBasedSampler(Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1);
  switch (env['OTEL_TRACES_SAMPLER']?.trim()) {
    case 'always_on':
      return new sdk.AlwaysOnSampler();
    case 'always_off':
      return new sdk.AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new sdk.ParentBasedSampler({ root: ratio() });
    default:
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
  }
};

/**
 * The OpenTelemetry SDK's batch span processor with an OTLP/HTTP exporter, protobuf or JSON (or
 * the console's, by `OTEL_TRACES_EXPORTER=console`), loaded by dynamic import only when
 * {@link tracesWanted}. Spans are recorded straight into the processor (see RecordedTracing),
 * sampled as `OTEL_TRACES_SAMPLER` says; the SDK reads the endpoint's headers and the batch
 * sizes (`OTEL_BSP_*`) itself; the service is named by `OTEL_SERVICE_NAME`, else `switchboard`.
 */
export const loadTracing = async (env: Env, version: string): Promise<LoadedTracing> => {
  if (!tracesWanted(env)) return { tracing: NO_TRACING, shutdown: async () => {} };
  const [sdk, { defaultResource, resourceFromAttributes }, { RecordedTracing }] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('../adapters/opentelemetry/recorded-tracing.js'),
  ]);
  const exporter = env['OTEL_TRACES_EXPORTER']?.trim() === 'console' ? new sdk.ConsoleSpanExporter() : await otlpExporter(env);
  const resource = defaultResource().merge(
    resourceFromAttributes({ 'service.name': env['OTEL_SERVICE_NAME']?.trim() || 'switchboard', 'service.version': version }),
  );
  const processor = new sdk.BatchSpanProcessor(exporter);
  const tracing = new RecordedTracing({ processor, resource, scope: { name: 'switchboard', version }, sampler: samplerOf(env, sdk) });
  return { tracing, shutdown: () => processor.shutdown() };
};

/** An embedder's own provider (its SDK, its exporter): Switchboard neither starts nor shuts it down. */
export const tracingOf = (provider: TracerProvider, version: string): Tracing => new OpenTelemetryTracing(provider, version);
