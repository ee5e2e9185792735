import type { LanguageModel } from '../../src/application/ports/language-model.js';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../../src/adapters/memory/in-memory-unit-of-work.js';
import { SimulatedTelephony } from '../../src/adapters/simulated/simulated-telephony.js';
import { FixedClock } from '../../src/adapters/system/fixed-clock.js';
import type { Mailer } from '../../src/application/ports/mailer.js';
import type { Repositories } from '../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import type { SwitchboardConfig } from '../../src/bootstrap/config.js';
import { createSwitchboard } from '../../src/bootstrap/create-switchboard.js';
import { RecordingLogger, type Reply } from '../integration/rest/harness.js';

export interface Call {
  readonly key?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** The 6-digit code in a sign-up mail's text. */
export const codeIn = (text: string): string => {
  const match = /verification code is (\d{6})/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
};

/**
 * A whole Switchboard as an embedder builds it (createSwitchboard: the real container,
 * config and wiring), on storage and a carrier the test can inspect, with a fixed clock and
 * a recording logger (the console mailer writes sign-up codes there unless `mailer` is given).
 */
export const aSwitchboard = async (options: {
  readonly uow?: UnitOfWork;
  readonly telephony?: SimulatedTelephony;
  readonly clock?: FixedClock;
  readonly mailer?: Mailer;
  readonly env?: Record<string, string>;
  readonly config?: Partial<SwitchboardConfig>;
  readonly languageModel?: LanguageModel;
} = {}) => {
  const uow = options.uow ?? new InMemoryUnitOfWork();
  const telephony = options.telephony ?? new SimulatedTelephony();
  const clock = options.clock ?? new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
  const logger = new RecordingLogger();
  const sut = createSwitchboard({
    env: options.env ?? {},
    // The AI disclosure is on by default; tests that are about it turn it on again.
    config: { aiDisclosure: null, ...options.config },
    unitOfWork: uow,
    telephony,
    clock,
    logger,
    mailer: options.mailer,
    languageModel: options.languageModel,
  });
  await sut.start();

  const call = async (method: string, path: string, call: Call = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...call.headers };
    if (call.key) headers.authorization = `Bearer ${call.key}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const response = await sut.fetch(
      new Request(`http://switchboard.test${path}`, { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) }),
    );
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, headers: response.headers, body, text };
  };

  /** Reads the store in its own unit of work. */
  const read = async <A>(work: (tx: Repositories) => Promise<A>): Promise<A> => {
    const result = await uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    return result.right;
  };

  /** Codes the console mailer logged, oldest first. */
  const loggedCodes = (): string[] =>
    logger.lines.filter((line) => line.fields.mailer === 'console').map((line) => codeIn(String(line.fields.text)));

  const startSignUp = async (email: string, agentName?: string) => {
    const reply = await call('POST', '/v0/agent/sign-up', { body: { human_email: email, ...(agentName ? { agent_name: agentName } : {}) } });
    if (reply.status !== 200) throw new Error(`sign-up failed: ${reply.text}`);
    return reply.body.verification_id as string;
  };

  const verify = (verificationId: string, code: string) =>
    call('POST', '/v0/agent/verify', { body: { verification_id: verificationId, otp_code: code } });

  /** Sign-up and verify with the console mailer's code: a new project's key and ids. */
  const signedUp = async (email: string) => {
    const id = await startSignUp(email);
    const reply = await verify(id, loggedCodes().at(-1)!);
    if (reply.status !== 200) throw new Error(`verify failed: ${reply.text}`);
    return reply.body as { account_id: string; project_id: string; agent_id: string; number_id: string; phone_number: string; api_key: string };
  };

  return { sut, uow, telephony, clock, logger, call, read, loggedCodes, startSignUp, verify, signedUp, close: () => sut.close() };
};

export type SwitchboardHarness = Awaited<ReturnType<typeof aSwitchboard>>;
