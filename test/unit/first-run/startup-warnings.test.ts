import { describe, expect, it } from 'vitest';
import { startupWarnings } from '../../../src/bootstrap/startup-warnings.js';

const twilio = { accountSid: `AC${'0'.repeat(32)}`, authToken: 'secret', apiUrl: null };

describe('the start-up warnings', () => {
  it('say nothing on the simulated carrier, whatever PUBLIC_URL is', () => {
    expect(startupWarnings({ twilio: null, publicUrl: null }, 'http://127.0.0.1:3000')).toEqual([]);
    expect(startupWarnings({ twilio: null, publicUrl: 'http://127.0.0.1:3000' }, 'http://127.0.0.1:3000')).toEqual([]);
  });

  it('name PUBLIC_URL when Twilio is configured without it, with the loopback address Twilio would be given', () => {
    const [warning, ...more] = startupWarnings({ twilio, publicUrl: null }, 'http://127.0.0.1:3000');
    expect(more).toEqual([]);
    expect(warning?.setting).toBe('PUBLIC_URL');
    expect(warning?.message).toMatch(/^Twilio is configured but PUBLIC_URL is not set: .*http:\/\/127\.0\.0\.1:3000.*https/);
  });

  it('name PUBLIC_URL when it is http://, since ConversationRelay takes only wss://', () => {
    const warnings = startupWarnings({ twilio, publicUrl: 'http://calls.example.com' }, 'http://calls.example.com');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/PUBLIC_URL is http:\/\/calls\.example\.com, not https.*wss:\/\//);
  });

  it('name a loopback PUBLIC_URL, which Twilio cannot reach', () => {
    const warnings = startupWarnings({ twilio, publicUrl: 'https://localhost:8443' }, 'https://localhost:8443');
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/loopback address Twilio cannot reach/)]);
  });

  it('say nothing about a public https PUBLIC_URL', () => {
    expect(startupWarnings({ twilio, publicUrl: 'https://calls.example.com' }, 'https://calls.example.com')).toEqual([]);
  });
});
