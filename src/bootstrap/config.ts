import * as E from 'fp-ts/lib/Either.js';
import { ALLOW_PRIVATE_NETWORKS, DENY_PRIVATE_NETWORKS, type PrivateNetworkTargets } from '../adapters/http/private-network-targets.js';
import type { TrustProxy } from '../adapters/rest/client-ip.js';
import { DEFAULT_HOSTED_APOLOGY } from '../application/hosted/hosted-brain.js';
import { cents, type Cents } from '../domain/money.js';
import { otlpProtocolOf } from './tracing.js';
import { embeddingOf, type EmbeddingConfig } from './embedding-config.js';
import type { SpeechModes } from '../adapters/twilio/conversation-relay-attributes.js';
import type { ModelTier } from '../domain/conversation-settings.js';
import { modelTiersOf, speechModesOf } from './conversation-config.js';
import {
  BytesFromEnv,
  BytesOrNoneFromEnv,
  DelaysFromEnv,
  IntegerFromEnv,
  OneOf,
  optional,
  OriginsFromEnv,
  PrivateNetworkTargetsFromEnv,
  RateFromEnv,
  TrustProxyFromEnv,
  UrlFromEnv,
  UsdFromEnv,
  type RateSpec,
} from './config-codecs.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Everything Switchboard reads from its environment, decoded and defaulted. */
export interface SwitchboardConfig {
  readonly port: number;
  readonly host: string;
  /** Where the carrier reaches this server; derived from host and port when unset. */
  readonly publicUrl: string | null;
  readonly databaseUrl: string | null;
  /**
   * `METRICS_TOKEN`: `/metrics` on the main port, for this bearer token; `METRICS_PORT`: on a
   * port of its own, with no token unless one is set. Neither: no figures are kept.
   */
  readonly metrics: { readonly token: string | null; readonly port: number | null };
  /** `DATABASE_POOL_MAX`: most connections to DATABASE_URL's server from this process (default 10). */
  readonly databasePoolMax?: number;
  /** `DATABASE_READ_CONNECTIONS`: connections on which reads outside transactions are pipelined (default 1). */
  readonly databaseReadConnections?: number;
  readonly dataDir: string;
  readonly twilio: {
    readonly accountSid: string;
    readonly authToken: string;
    readonly apiUrl: string | null;
    /** Web calls (Voice SDK tokens): `TWILIO_API_KEY_SID`, `TWILIO_API_KEY_SECRET`, `TWILIO_TWIML_APP_SID`. */
    readonly apiKeySid?: string | null;
    readonly apiKeySecret?: string | null;
    readonly twimlAppSid?: string | null;
    /** `TWILIO_PRIMARY_CUSTOMER_PROFILE_SID`: the account's approved Trust Hub profile (`BU…`) that vouches for each A2P 10DLC registration. */
    readonly primaryCustomerProfileSid?: string | null;
  } | null;
  readonly smtp: { readonly url: string; readonly from: string } | null;
  readonly llm: {
    readonly baseUrl: string;
    readonly apiKey: string | null;
    readonly model: string;
    /** `LLM_TIMEOUT` (seconds, default 10): the longest wait for the first token, and between pieces. */
    readonly timeoutMs?: number;
    /** The model each `modelTier` asks for, where the operator named one; a tier not here asks for `model`. */
    readonly tierModels?: Partial<Record<ModelTier, string>>;
  } | null;
  /** `STT_FAST`, `STT_ACCURATE`: the transcription provider and speech model each `sttMode` stands for. */
  readonly speechModes?: SpeechModes;
  /**
   * Knowledge bases' vector search: `EMBEDDING_MODEL` on `EMBEDDING_BASE_URL` (default
   * `LLM_BASE_URL`) with `EMBEDDING_API_KEY` (default `LLM_API_KEY`); null: full text alone.
   */
  readonly embedding?: EmbeddingConfig | null;
  /**
   * `SMS_SEND_LEASE` (seconds, default 60): how long a text's send is held by the process sending
   * it; past it, a worker takes the text as the send of a process that died. Longer than a
   * carrier request may take.
   */
  readonly smsSendLeaseMs?: number;
  /**
   * `DRAIN_TIMEOUT` (seconds, default 30): how long a stopping node waits for the live calls it
   * could not hand to another node before it ends them (`node_shutdown`).
   */
  readonly drainTimeoutMs?: number;
  /** `HOSTED_APOLOGY`: what a hosted agent says when its language model fails or is missing. */
  readonly hostedApology: string;
  /**
   * `AI_DISCLOSURE`: the first words of every outbound call, before the agent's greeting
   * (`{project}` is the project's name); `off` turns it off. Absent: {@link DEFAULT_AI_DISCLOSURE}.
   */
  readonly aiDisclosure?: string | null;
  /** `RECORDING_DISCLOSURE`: said before a recorded call's greeting, for projects without their own; `off`: none. Absent: the default. */
  readonly recordingDisclosure?: string | null;
  /**
   * Post-call analysis timing, each in milliseconds: `ANALYSIS_RETRY_DELAY` (the first retry's
   * wait, doubling after), how often storage is polled for due analyses, and how long a claimed
   * analysis is held from other nodes. The defaults are in docs/configuration.md.
   */
  readonly analysis?: { readonly retryDelayMs?: number; readonly pollMs?: number; readonly leaseMs?: number };
  /**
   * `OUTBOUND_ATTEMPT_CAP` (e.g. `7/7d`): at most this many outbound calls to one number in a
   * project within the window, API calls and campaign dials alike; absent: no cap.
   */
  readonly attemptCap?: RateSpec | null;
  /** `CALL_BUSY_MESSAGE`: what an inbound caller hears when the project has its maximum of calls in progress. */
  readonly callBusyMessage?: string;
  readonly adminToken: string | null;
  readonly webhookRetryDelays: readonly number[];
  readonly rateLimit: RateSpec;
  readonly signupRateLimitEmail: RateSpec;
  readonly signupRateLimitIp: RateSpec;
  /** `AUTH_FAILURE_RATE_LIMIT`: refused API keys per client IP (IPv6: per /64) before it is refused unheard. */
  readonly authFailureRateLimit?: RateSpec;
  /** `VERIFY_RATE_LIMIT_IP`: sign-up verification attempts per client IP (IPv6: per /64). */
  readonly verifyRateLimitIp?: RateSpec;
  /**
   * `TRUST_PROXY`: which `X-Forwarded-For` entries name the client of the per-IP limits.
   * Null (unset, the default): none, the TCP peer is the client.
   */
  readonly trustProxy?: TrustProxy | null;
  /** `CORS_ORIGINS`: the origins whose pages may call the API from a browser (`*`: any); empty (the default): none, no CORS headers. */
  readonly corsOrigins?: readonly string[];
  /** `BODY_LIMIT`: the largest request body, in bytes, any route reads (default 1 MiB); larger ones get 413. */
  readonly bodyLimit: number;
  /**
   * `READ_CACHE_SIZE`: bytes of list bodies kept with the version they were read at, given again
   * while the database says that version holds (default 32 MiB; 0: none kept).
   */
  readonly readCacheBytes: number;
  readonly prices: { readonly signupCredit: Cents; readonly numberMonthly: Cents; readonly recordingMonthly: Cents; readonly numberLookup: Cents };
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly eventBus: 'in-process' | 'postgres';
  readonly production: boolean;
  /**
   * `PRIVATE_NETWORK_TARGETS`: which addresses requests to customers' URLs (webhooks, voice
   * turns, test sends) may reach. Unset: `deny` in production, `allow` otherwise
   * ({@link privateNetworkTargetsOf}).
   */
  readonly privateNetworkTargets?: PrivateNetworkTargets;
}

export const DEFAULT_AUTH_FAILURE_RATE_LIMIT: RateSpec = { points: 20, durationSeconds: 600 };
export const DEFAULT_VERIFY_RATE_LIMIT_IP: RateSpec = { points: 60, durationSeconds: 3600 };

type Env = Readonly<Record<string, string | undefined>>;

const text = (raw: string | undefined): string | null => (raw && raw.trim() !== '' ? raw.trim() : null);

/**
 * `MAILER`: `smtp` (the default when SMTP_URL is set) or `console`, which writes sign-up codes
 * to the log. Production needs one of them said outright, so that codes never land in a
 * production log only because SMTP_URL was forgotten.
 */
const chooseMailerKind = (env: Env, smtpUrl: string | null, problems: string[]): 'smtp' | 'console' => {
  const chosen = optional(OneOf(['smtp', 'console'] as const), env.MAILER, null, 'MAILER', problems);
  if (chosen === 'smtp' && smtpUrl === null) problems.push('MAILER=smtp needs SMTP_URL (smtp://user:password@host:587)');
  if (chosen === null && smtpUrl === null && env.NODE_ENV === 'production') {
    problems.push(
      'NODE_ENV=production needs SMTP_URL (smtp://user:password@host:587) to mail sign-up codes, ' +
        'or MAILER=console to write them to the log instead',
    );
  }
  return chosen ?? (smtpUrl === null ? 'console' : 'smtp');
};

export const DEFAULT_AI_DISCLOSURE = 'Hello, this is an AI assistant calling for {project}.';

export const DEFAULT_RECORDING_DISCLOSURE = 'This call is recorded.';

/** `off`, `false`, `0` or `no` turn a disclosure off; `on` (or nothing) keeps its default; other text replaces it. */
const disclosureOf = (value: string | null, byDefault: string): string | null => {
  if (value === null || /^(on|true|1|yes)$/i.test(value)) return byDefault;
  if (/^(off|false|0|no)$/i.test(value)) return null;
  return value;
};

/** Decodes the environment; on failure, one line per bad variable. */
export const loadConfig = (env: Env): E.Either<readonly string[], SwitchboardConfig> => {
  const problems: string[] = [];
  const http = UrlFromEnv(['http:', 'https:']);
  const accountSid = text(env.TWILIO_ACCOUNT_SID);
  const authToken = text(env.TWILIO_AUTH_TOKEN);
  if ((accountSid === null) !== (authToken === null)) {
    problems.push('TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together');
  }
  if (accountSid !== null && !/^AC[0-9a-fA-F]{32}$/.test(accountSid)) {
    problems.push('TWILIO_ACCOUNT_SID: must be AC followed by 32 hexadecimal characters');
  }
  const smtpUrl = optional(UrlFromEnv(['smtp:', 'smtps:']), env.SMTP_URL, null, 'SMTP_URL', problems);
  const mailer = chooseMailerKind(env, smtpUrl, problems);
  const llmBaseUrl = optional(http, env.LLM_BASE_URL, null, 'LLM_BASE_URL', problems);
  const config: SwitchboardConfig = {
    port: optional(IntegerFromEnv(0, 65535), env.PORT, 3000, 'PORT', problems),
    host: text(env.HOST) ?? '127.0.0.1',
    publicUrl: optional(http, env.PUBLIC_URL, null, 'PUBLIC_URL', problems),
    databaseUrl: optional(UrlFromEnv(['postgres:', 'postgresql:']), env.DATABASE_URL, null, 'DATABASE_URL', problems),
    databasePoolMax: optional(IntegerFromEnv(1, 1000), env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX', problems),
    databaseReadConnections: optional(IntegerFromEnv(1, 100), env.DATABASE_READ_CONNECTIONS, 1, 'DATABASE_READ_CONNECTIONS', problems),
    dataDir: text(env.DATA_DIR) ?? './.switchboard',
    twilio:
      accountSid && authToken
        ? {
            accountSid,
            authToken,
            apiUrl: optional(http, env.TWILIO_API_URL, null, 'TWILIO_API_URL', problems),
            apiKeySid: text(env.TWILIO_API_KEY_SID),
            apiKeySecret: text(env.TWILIO_API_KEY_SECRET),
            twimlAppSid: text(env.TWILIO_TWIML_APP_SID),
            primaryCustomerProfileSid: text(env.TWILIO_PRIMARY_CUSTOMER_PROFILE_SID),
          }
        : null,
    smtp: smtpUrl && mailer === 'smtp' ? { url: smtpUrl, from: text(env.MAIL_FROM) ?? 'Switchboard <no-reply@switchboard.local>' } : null,
    llm: llmBaseUrl
      ? {
          baseUrl: llmBaseUrl,
          apiKey: text(env.LLM_API_KEY),
          model: text(env.LLM_MODEL) ?? 'gpt-4o-mini',
          timeoutMs: optional(IntegerFromEnv(1, 600), env.LLM_TIMEOUT, 10, 'LLM_TIMEOUT', problems) * 1000,
          tierModels: modelTiersOf(env),
        }
      : null,
    embedding: embeddingOf(env, llmBaseUrl, problems),
    speechModes: speechModesOf(env, problems),
    hostedApology: text(env.HOSTED_APOLOGY) ?? DEFAULT_HOSTED_APOLOGY,
    aiDisclosure: disclosureOf(text(env.AI_DISCLOSURE), DEFAULT_AI_DISCLOSURE),
    recordingDisclosure: disclosureOf(text(env.RECORDING_DISCLOSURE), DEFAULT_RECORDING_DISCLOSURE),
    analysis: { retryDelayMs: optional(IntegerFromEnv(1, 3_600_000), env.ANALYSIS_RETRY_DELAY, 5000, 'ANALYSIS_RETRY_DELAY', problems) },
    attemptCap: optional(RateFromEnv, env.OUTBOUND_ATTEMPT_CAP, null, 'OUTBOUND_ATTEMPT_CAP', problems),
    ...(text(env.CALL_BUSY_MESSAGE) ? { callBusyMessage: text(env.CALL_BUSY_MESSAGE)! } : {}),
    adminToken: text(env.ADMIN_TOKEN),
    metrics: { token: text(env.METRICS_TOKEN), port: optional(IntegerFromEnv(0, 65535), env.METRICS_PORT, null, 'METRICS_PORT', problems) },
    smsSendLeaseMs: optional(IntegerFromEnv(1, 3600), env.SMS_SEND_LEASE, 60, 'SMS_SEND_LEASE', problems) * 1000,
    drainTimeoutMs: optional(IntegerFromEnv(0, 3600), env.DRAIN_TIMEOUT, 30, 'DRAIN_TIMEOUT', problems) * 1000,
    webhookRetryDelays: optional(DelaysFromEnv, env.WEBHOOK_RETRY_DELAYS, [0, 300, 1800, 7200, 21600, 43200], 'WEBHOOK_RETRY_DELAYS', problems),
    rateLimit: optional(RateFromEnv, env.RATE_LIMIT, { points: 100, durationSeconds: 10 }, 'RATE_LIMIT', problems),
    signupRateLimitEmail: optional(RateFromEnv, env.SIGNUP_RATE_LIMIT_EMAIL, { points: 5, durationSeconds: 3600 }, 'SIGNUP_RATE_LIMIT_EMAIL', problems),
    signupRateLimitIp: optional(RateFromEnv, env.SIGNUP_RATE_LIMIT_IP, { points: 20, durationSeconds: 3600 }, 'SIGNUP_RATE_LIMIT_IP', problems),
    authFailureRateLimit: optional(RateFromEnv, env.AUTH_FAILURE_RATE_LIMIT, DEFAULT_AUTH_FAILURE_RATE_LIMIT, 'AUTH_FAILURE_RATE_LIMIT', problems),
    verifyRateLimitIp: optional(RateFromEnv, env.VERIFY_RATE_LIMIT_IP, DEFAULT_VERIFY_RATE_LIMIT_IP, 'VERIFY_RATE_LIMIT_IP', problems),
    trustProxy: optional(TrustProxyFromEnv, env.TRUST_PROXY, null, 'TRUST_PROXY', problems),
    corsOrigins: optional(OriginsFromEnv, env.CORS_ORIGINS, [], 'CORS_ORIGINS', problems),
    bodyLimit: optional(BytesFromEnv, env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT', problems),
    readCacheBytes: optional(BytesOrNoneFromEnv, env.READ_CACHE_SIZE, 32 * 1024 * 1024, 'READ_CACHE_SIZE', problems),
    prices: {
      signupCredit: optional(UsdFromEnv, env.SIGNUP_CREDIT, cents(1000), 'SIGNUP_CREDIT', problems),
      numberMonthly: optional(UsdFromEnv, env.PRICE_NUMBER_MONTHLY, cents(300), 'PRICE_NUMBER_MONTHLY', problems),
      recordingMonthly: optional(UsdFromEnv, env.PRICE_RECORDING_MONTHLY, cents(500), 'PRICE_RECORDING_MONTHLY', problems),
      numberLookup: optional(UsdFromEnv, env.PRICE_NUMBER_LOOKUP, cents(1), 'PRICE_NUMBER_LOOKUP', problems),
    },
    logLevel: optional(OneOf(LOG_LEVELS), env.LOG_LEVEL, 'info', 'LOG_LEVEL', problems),
    eventBus: optional(OneOf(['in-process', 'postgres'] as const), env.EVENT_BUS, 'in-process', 'EVENT_BUS', problems),
    production: env.NODE_ENV === 'production',
    // Unset: left to `production`, so a config that only overrides `production` still gets its default.
    privateNetworkTargets: optional(PrivateNetworkTargetsFromEnv, env.PRIVATE_NETWORK_TARGETS, undefined, 'PRIVATE_NETWORK_TARGETS', problems),
  };
  if (config.metrics.port !== null && config.metrics.port !== 0 && config.metrics.port === config.port) {
    problems.push(`METRICS_PORT=${config.metrics.port}: must differ from PORT (the figures get a listener of their own)`);
  }
  const otlpProblem = otlpProtocolProblem(env);
  if (otlpProblem) problems.push(otlpProblem);
  if (config.eventBus === 'postgres' && config.databaseUrl === null) {
    problems.push('EVENT_BUS=postgres needs DATABASE_URL (several nodes must share one PostgreSQL)');
  }
  return problems.length > 0 ? E.left(problems) : E.right(config);
};

/** The OTLP protocol variables, checked with the rest so a start never fails later on them. */
const otlpProtocolProblem = (env: Env): string | null => {
  try {
    otlpProtocolOf(env);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

/** Which addresses outbound requests may reach under `config`. */
export const privateNetworkTargetsOf = (config: SwitchboardConfig): PrivateNetworkTargets =>
  config.privateNetworkTargets ?? (config.production ? DENY_PRIVATE_NETWORKS : ALLOW_PRIVATE_NETWORKS);

/** The configuration with nothing set: what `npm start` runs on. */
export const defaultConfig = (): SwitchboardConfig => {
  const loaded = loadConfig({});
  if (E.isLeft(loaded)) throw new Error(loaded.left.join('\n'));
  return loaded.right;
};

export type { RateSpec };

/** The environment (or the settings given) could not be used: every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}
