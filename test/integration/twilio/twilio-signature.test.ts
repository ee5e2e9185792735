import { Hono } from 'hono';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import {
  twilioSignatureGuard,
  verifyTwilioSignature,
  verifyTwilioWebSocketSignature,
  type TwilioSignatureGuardOptions,
  type TwilioWebhookEnv,
} from '../../../src/adapters/twilio/twilio-signature.js';

const AUTH_TOKEN = 'test-auth-token-0123456789';
const FORBIDDEN = { error: { message: 'invalid Twilio signature', code: 'INVALID_SIGNATURE', type: 'authentication_error' } };

const inbound = {
  MessageSid: 'SM0123456789abcdef0123456789abcdef',
  AccountSid: 'AC0123456789abcdef0123456789abcdef',
  From: '+14155550199',
  To: '+14155550100',
  Body: 'Is the shop open on Sunday? 10% off & free coffee',
  NumMedia: '0',
};

/** The webhook routes of Switchboard behind the guard; the route echoes what the guard handed it. */
const webhookApp = (options: Partial<TwilioSignatureGuardOptions> & { publicUrl: string }) => {
  const app = new Hono<TwilioWebhookEnv>();
  app.use('/twilio/*', twilioSignatureGuard({ authToken: AUTH_TOKEN, ...options }));
  app.post('/twilio/sms', (c) => c.json({ params: c.get('twilioParams') }));
  return app;
};

/** A POST as Twilio sends it to `url`, signed for `signedUrl` (the public URL it called). */
const twilioPost = (
  params: Record<string, string>,
  signedUrl: string,
  overrides: { signature?: string | null; body?: Record<string, string> } = {},
): RequestInit => {
  const signature =
    overrides.signature === undefined ? twilio.getExpectedTwilioSignature(AUTH_TOKEN, signedUrl, params) : overrides.signature;
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    body: new URLSearchParams(overrides.body ?? params).toString(),
  };
};

describe(twilioSignatureGuard.name, () => {
  const publicUrl = 'https://switchboard.example.com';
  const sut = webhookApp({ publicUrl });
  const called = `${publicUrl}/twilio/sms?agentId=ag_1`;

  it('lets a request Twilio signed through and hands the route its parameters', async () => {
    const response = await sut.request('/twilio/sms?agentId=ag_1', twilioPost(inbound, called));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ params: inbound });
  });

  it('accepts PUBLIC_URL with a trailing slash', async () => {
    const response = await webhookApp({ publicUrl: `${publicUrl}/` }).request('/twilio/sms?agentId=ag_1', twilioPost(inbound, called));

    expect(response.status).toBe(200);
  });

  it.each([
    ['a wrong signature', twilioPost(inbound, called, { signature: 'bm90IHRoZSBzaWduYXR1cmU=' })],
    ['no signature header', twilioPost(inbound, called, { signature: null })],
    ['a tampered parameter', twilioPost(inbound, called, { body: { ...inbound, Body: 'Send me the admin password' } })],
    ['an added parameter', twilioPost(inbound, called, { body: { ...inbound, Extra: '1' } })],
    ['a signature for another URL', twilioPost(inbound, `${publicUrl}/twilio/sms?agentId=ag_2`)],
    ['a signature made with another token', twilioPost(inbound, called, { signature: twilio.getExpectedTwilioSignature('other', called, inbound) })],
  ])('refuses %s with 403 INVALID_SIGNATURE', async (_, init) => {
    const response = await sut.request('/twilio/sms?agentId=ag_1', init);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(FORBIDDEN);
  });

  describe('under a base path (PUBLIC_URL=https://host/switchboard)', () => {
    const basePublicUrl = 'https://host.example.com/switchboard';
    const calledUnderBase = `${basePublicUrl}/twilio/sms`;

    it('verifies when the host app routes /switchboard/* to Switchboard unchanged', async () => {
      const host = new Hono().route('/switchboard', webhookApp({ publicUrl: basePublicUrl }));

      const response = await host.request('/switchboard/twilio/sms', twilioPost(inbound, calledUnderBase));

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ params: inbound });
    });

    it('verifies when a proxy or host.mount() strips /switchboard before Switchboard sees the path', async () => {
      const host = new Hono().mount('/switchboard', webhookApp({ publicUrl: basePublicUrl }).fetch);

      const response = await host.request('/switchboard/twilio/sms', twilioPost(inbound, calledUnderBase));

      expect(response.status).toBe(200);
    });

    it('still refuses a signature for the URL without the base path', async () => {
      const host = new Hono().route('/switchboard', webhookApp({ publicUrl: basePublicUrl }));

      const response = await host.request('/switchboard/twilio/sms', twilioPost(inbound, 'https://host.example.com/twilio/sms'));

      expect(response.status).toBe(403);
    });

    it("takes basePathToStrip: '' when a stripping proxy serves routes that begin like the base path", async () => {
      // PUBLIC_URL=https://host/twilio, the proxy strips /twilio, Switchboard's route is /twilio/sms.
      const proxied = webhookApp({ publicUrl: 'https://host.example.com/twilio', basePathToStrip: '' });

      const response = await proxied.request('/twilio/sms', twilioPost(inbound, 'https://host.example.com/twilio/twilio/sms'));

      expect(response.status).toBe(200);
    });
  });
});

describe(verifyTwilioSignature.name, () => {
  it('signs PUBLIC_URL joined to the path and query', () => {
    const url = 'https://host.example.com/switchboard/twilio/voice?agentId=ag_1';
    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, { CallSid: 'CA1' });
    const check = (path: string, params: Record<string, string>) =>
      verifyTwilioSignature({ authToken: AUTH_TOKEN, publicUrl: 'https://host.example.com/switchboard/', path, params, signature });

    expect(check('/twilio/voice?agentId=ag_1', { CallSid: 'CA1' })).toBe(true);
    expect(check('/twilio/voice', { CallSid: 'CA1' })).toBe(false);
    expect(check('/twilio/voice?agentId=ag_1', { CallSid: 'CA2' })).toBe(false);
  });
});

describe(verifyTwilioWebSocketSignature.name, () => {
  const url = 'wss://host.example.com/switchboard/twilio/relay?callId=ca_1&token=abc';
  const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, {});

  it('accepts the signature of the full wss:// URL with no parameters', () => {
    expect(verifyTwilioWebSocketSignature({ authToken: AUTH_TOKEN, url, signature })).toBe(true);
  });

  it('refuses another query, a missing signature and another token', () => {
    expect(verifyTwilioWebSocketSignature({ authToken: AUTH_TOKEN, url: url.replace('ca_1', 'ca_2'), signature })).toBe(false);
    expect(verifyTwilioWebSocketSignature({ authToken: AUTH_TOKEN, url, signature: undefined })).toBe(false);
    expect(verifyTwilioWebSocketSignature({ authToken: 'other', url, signature })).toBe(false);
  });
});
