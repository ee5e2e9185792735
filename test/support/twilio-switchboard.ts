import { rm } from 'node:fs/promises';
import twilio from 'twilio';
import { openDatabase } from '../../src/adapters/mikro-orm/database.js';
import { aSwitchboard } from './switchboard-harness.js';
import { aMigratedDataDir } from './pglite-template.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const parsed = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export const TWILIO_AUTH_TOKEN = 'test-auth-token-0123456789';
export const PUBLIC_URL = 'https://switchboard.example.com';

/**
 * A whole Switchboard with the simulated carrier and Twilio's webhook routes mounted, so requests
 * can be sent as Twilio signs them. `pglite`: storage is embedded PGlite in a temporary DATA_DIR
 * (where strangers' input ends up in production), else process memory. `env` adds to (or
 * overrides) the environment it starts with.
 */
export const aTwilioSwitchboard = async (options: { readonly pglite?: boolean; readonly env?: Record<string, string> } = {}) => {
  const dataDir = options.pglite ? await aMigratedDataDir('switchboard-limits-') : null;
  const database = dataDir ? await openDatabase({ dataDir }) : null;
  const h = await aSwitchboard({
    ...(database ? { uow: database.uow } : {}),
    env: {
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN,
      PUBLIC_URL,
      // Live calls are ended at once on close, not waited for.
      DRAIN_TIMEOUT: '0',
      ...options.env,
    },
  });

  /** A form POST as Twilio sends it, signed for the public URL it called. */
  const twilioPost = async (pathAndQuery: string, params: Record<string, string>) => {
    const response = await h.sut.fetch(
      new Request(`http://switchboard.test${pathAndQuery}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, `${PUBLIC_URL}${pathAndQuery}`, params),
        },
        body: new URLSearchParams(params).toString(),
      }),
    );
    const text = await response.text();
    return { status: response.status, text, body: parsed(text) };
  };

  /** Sends `text` as the body, as is (JSON that JSON.stringify could not even produce, say). */
  const sendRaw = async (method: string, path: string, text: string, headers: Record<string, string> = {}) => {
    const response = await h.sut.fetch(
      new Request(`http://switchboard.test${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: text }),
    );
    const answer = await response.text();
    return { status: response.status, body: parsed(answer), text: answer };
  };

  const close = async () => {
    await h.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  return { ...h, database, twilioPost, sendRaw, close };
};

export type TwilioSwitchboard = Awaited<ReturnType<typeof aTwilioSwitchboard>>;
