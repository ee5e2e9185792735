import type { TracerProvider } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import type { Clock } from '../../application/ports/clock.js';
import type { Timers } from '../../application/ports/timers.js';
import type { LanguageModel } from '../../application/ports/language-model.js';
import type { Logger } from '../../application/ports/logger.js';
import type { Mailer } from '../../application/ports/mailer.js';
import type { RateLimiter } from '../../application/ports/rate-limiter.js';
import type { Telephony } from '../../application/ports/telephony.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { SwitchboardConfig } from '../config.js';
import type { StorageChoice } from '../storage.js';
import type { ValuesOf } from './provide.js';
import type { Token } from './tokens.js';

/** How a host replaces what one token is bound to. */
export interface PortBinding<T> {
  /** Your instance; Switchboard neither starts nor closes it. */
  toConstantValue(value: T): void;
  /** Made once per Switchboard from other bindings, e.g. `(guard) => new MyTransport(guard), [TOKENS.outboundGuard]`. */
  toResolvedValue<const D extends readonly Token<unknown>[]>(factory: (...values: ValuesOf<D>) => T | Promise<T>, deps: D): void;
}

export type Rebind = <T>(token: Token<T>) => PortBinding<T>;

export interface SwitchboardOptions {
  /** Read instead of `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Settings that win over the environment. */
  readonly config?: Partial<SwitchboardConfig>;
  /** `database` (default): PostgreSQL or embedded PGlite. `memory`: nothing persists. */
  readonly storage?: StorageChoice;
  /** Where the host mounts Switchboard, e.g. `/switchboard`. */
  readonly basePath?: string;
  readonly telephony?: Telephony;
  readonly clock?: Clock;
  /** Monotonic time and timers of live calls' silence and duration limits (tests pass a fake). */
  readonly timers?: Timers;
  readonly logger?: Logger;
  /** Your own storage (e.g. an InMemoryUnitOfWork a test inspects); wins over `storage`. Not closed by close(). */
  readonly unitOfWork?: UnitOfWork;
  /** Sends sign-up codes; default: SMTP when SMTP_URL is set (unless MAILER=console), else the log. */
  readonly mailer?: Mailer;
  /** Counts rate limits; default: PostgreSQL with DATABASE_URL, else process memory. */
  readonly rateLimiter?: RateLimiter;
  /** Answers for hosted agents (e.g. a ScriptedLanguageModel); default: the OpenAI-compatible server of LLM_BASE_URL, if set. */
  readonly languageModel?: LanguageModel;
  /** Your OpenTelemetry tracer provider: Switchboard's spans go to it (and the OTEL_* variables are not read). Not shut down by close(). */
  readonly tracerProvider?: TracerProvider;
  /**
   * Your prom-client registry: Switchboard's figures (and Node's default ones) are registered in
   * it, kept even with no METRICS_* set; read them with your own exporter or `metrics()`.
   */
  readonly metricsRegistry?: Registry;
  /**
   * Replaces any binding by its token (see `TOKENS`) before anything is built, e.g.
   * `(rebind) => rebind(TOKENS.webhookTransport).toConstantValue(recording)`. The options above
   * are shorthands for the same. A default that is replaced is never built, so nothing of it
   * is opened (no database for a replaced `TOKENS.unitOfWork`).
   */
  readonly override?: (rebind: Rebind) => void;
}
