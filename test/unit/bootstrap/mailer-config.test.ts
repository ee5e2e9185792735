import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';
import { ConfigError, createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { aSwitchboard } from '../../support/switchboard-harness.js';

const problemsOf = (env: Record<string, string>) => {
  const loaded = loadConfig(env);
  return E.isLeft(loaded) ? loaded.left : [];
};

describe('MAILER: where sign-up codes go', () => {
  it('refuses to start in production without SMTP_URL, saying how to set SMTP or choose the console mailer', () => {
    const start = () => createSwitchboard({ env: { NODE_ENV: 'production' }, storage: 'memory' });

    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/SMTP_URL/);
    expect(start).toThrow(/MAILER=console/);
  });

  it('starts in production with MAILER=console, and the codes then go to the log', async () => {
    const h = await aSwitchboard({ env: { NODE_ENV: 'production', MAILER: 'console' } });
    try {
      await h.startSignUp('console@example.com');

      expect(h.loggedCodes()).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('starts in production with SMTP_URL', () => {
    expect(problemsOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' })).toEqual([]);
  });

  it('keeps the console mailer as the default outside production', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('refuses MAILER=smtp without SMTP_URL, and an unknown MAILER', () => {
    expect(problemsOf({ MAILER: 'smtp' })).toEqual([expect.stringMatching(/MAILER=smtp needs SMTP_URL/)]);
    expect(problemsOf({ MAILER: 'pigeon' })).toEqual([expect.stringMatching(/^MAILER/)]);
  });

  it('logs the codes when MAILER=console is chosen although SMTP_URL is set', async () => {
    const h = await aSwitchboard({ env: { MAILER: 'console', SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const reply = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'chosen@example.com' } });

      expect(reply.status).toBe(200);
      expect(h.loggedCodes()).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});
