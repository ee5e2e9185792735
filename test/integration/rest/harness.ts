import * as E from 'fp-ts/lib/Either.js';
import type { Hono } from 'hono';
import { ALLOW_PRIVATE_NETWORKS, type PrivateNetworkTargets } from '../../../src/adapters/http/private-network-targets.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import type { RestEnv } from '../../../src/adapters/rest/env.js';
import { createRestApi } from '../../../src/adapters/rest/rest-api.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { Logger } from '../../../src/application/ports/logger.js';
import type { DeliveryTrigger } from '../../../src/application/ports/webhook-repositories.js';
import type { WebhookTransport } from '../../../src/application/ports/webhook-transport.js';
import type { UseCases } from '../../../src/application/use-cases/index.js';
import { useCasesOf } from '../../../src/bootstrap/composition/compose.js';
import { TOKENS } from '../../../src/bootstrap/composition/tokens.js';
import { credit } from '../../../src/domain/ledger.js';
import { cents } from '../../../src/domain/money.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';

export interface LogLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly fields: Record<string, unknown>;
  readonly message: string | undefined;
}

/** Keeps every line, with the child bindings merged in, so tests can read what was logged. */
export class RecordingLogger implements Logger {
  constructor(
    readonly lines: LogLine[] = [],
    private readonly bindings: Record<string, unknown> = {},
  ) {}
  debug(fields: object, message?: string) { this.write('debug', fields, message); }
  info(fields: object, message?: string) { this.write('info', fields, message); }
  warn(fields: object, message?: string) { this.write('warn', fields, message); }
  error(fields: object, message?: string) { this.write('error', fields, message); }
  child(bindings: Record<string, unknown>): Logger {
    return new RecordingLogger(this.lines, { ...this.bindings, ...bindings });
  }
  private write(level: LogLine['level'], fields: object, message?: string) {
    this.lines.push({ level, fields: { ...this.bindings, ...fields }, message });
  }
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  readonly text: string;
}

export interface CallOptions {
  readonly key?: string | null;
  readonly body?: unknown;
  /** Sent as is, for bodies that are not JSON. */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
}

export const numberWebhooks = {
  smsUrl: 'http://x/twilio/sms',
  voiceUrl: 'http://x/twilio/voice',
  voiceStatusUrl: 'http://x/twilio/voice/status',
};

/** The REST API over real use cases, in-memory storage and the simulated carrier. */
export const aRestApi = async (options: {
  readonly telephony?: SimulatedTelephony;
  readonly health?: () => Promise<boolean>;
  readonly useCases?: (real: UseCases) => UseCases;
  readonly webhookTransport?: WebhookTransport;
  readonly deliveryTrigger?: DeliveryTrigger;
  /** `PRIVATE_NETWORK_TARGETS`, for saving webhook URLs and sending to them; default `allow`. */
  readonly privateNetworkTargets?: PrivateNetworkTargets;
} = {}) => {
  const uow = new InMemoryUnitOfWork();
  const telephony = options.telephony ?? new SimulatedTelephony();
  // The composition root's use cases, with nothing started: no dispatcher sends what they queue.
  const real = await useCasesOf({
    env: {},
    config: { publicUrl: 'http://x', privateNetworkTargets: options.privateNetworkTargets ?? ALLOW_PRIVATE_NETWORKS },
    unitOfWork: uow,
    telephony,
    logger: silentLogger(),
    override: (rebind) => {
      rebind(TOKENS.deliveryTrigger).toConstantValue(options.deliveryTrigger ?? { poke: () => undefined });
      if (options.webhookTransport) rebind(TOKENS.webhookTransport).toConstantValue(options.webhookTransport);
    },
  });
  const useCases = options.useCases?.(real) ?? real;
  const logger = new RecordingLogger();
  const sut = createRestApi({ useCases, logger, health: options.health ?? (async () => true) });

  const signUp = async (email: string) => {
    const created = await real.projects.createProject.execute({ email: trustMailbox(email) })();
    if (E.isLeft(created)) throw new Error(`sign-up failed: ${created.left._tag}`);
    return { key: created.right.apiKey.clear, projectId: created.right.project.id };
  };
  const owner = await signUp('owner@example.com');

  const call = (method: string, path: string, options: CallOptions = {}) =>
    send(sut, method, path, { ...options, key: options.key === undefined ? owner.key : options.key });

  const balanceOf = async (projectId = owner.projectId) => {
    const result = await uow.transaction(async (tx) => E.right(await tx.ledger.balanceOf(projectId)));
    return E.isRight(result) ? Number(result.right) : NaN;
  };

  const topUp = (amount: number, projectId = owner.projectId) =>
    uow.transaction(async (tx) => {
      const entry = credit({ id: `led_top_${amount}`, projectId, amount: cents(amount), reason: 'top_up', resourceId: null, createdAt: new Date() });
      return E.right(await tx.ledger.append(entry));
    });

  return { sut, uow, telephony, useCases: real, logger, owner, signUp, call, balanceOf, topUp };
};

/** Drives any Hono app the way an HTTP client would. */
export const send = async (app: Hono<RestEnv> | Hono, method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
};

export type Harness = Awaited<ReturnType<typeof aRestApi>>;

/** Creates an agent and returns its id. */
export const createAgentViaApi = async (h: Harness, fields: Record<string, unknown> = {}, key?: string) => {
  const reply = await h.call('POST', '/v1/agents', { body: { name: 'Support bot', ...fields }, key });
  if (reply.status !== 200) throw new Error(`agent creation failed: ${reply.text}`);
  return reply.body.id as string;
};

/** Provisions a number and returns its id. */
export const provisionNumberViaApi = async (h: Harness, body: Record<string, unknown> = {}, key?: string) => {
  const reply = await h.call('POST', '/v1/numbers', { body, key });
  if (reply.status !== 200) throw new Error(`provisioning failed: ${reply.text}`);
  return reply.body.id as string;
};
