import { describe, expect, it } from 'vitest';
import { CENSOR, redactSecrets, SECRET_KEYS } from '../../../../src/adapters/pino/redact-secrets.js';

describe('redactSecrets', () => {
  it('returns the very fields it was given when none is secret, copying nothing', () => {
    const fields = { method: 'GET', path: '/v1/agents', status: 200, ms: 1.5, requestId: 'req_1', nested: { a: 1 }, list: [{ password: 'x' }] };
    expect(redactSecrets(fields)).toBe(fields);
  });

  it('censors every secret key at the top, leaving the caller\'s object as it was', () => {
    for (const key of SECRET_KEYS) {
      const fields = { [key]: 'sk_live_secret', keep: 1 };
      expect(redactSecrets(fields)).toEqual({ [key]: CENSOR, keep: 1 });
      expect(fields[key]).toBe('sk_live_secret');
    }
  });

  it('censors secret keys one object down, copying only the object that held one', () => {
    const other = { id: 'x' };
    const fields = { headers: { authorization: 'Bearer sk', accept: 'json' }, body: { password: 'p', name: 'n' }, other };
    const written = redactSecrets(fields);
    expect(written).toEqual({ headers: { authorization: CENSOR, accept: 'json' }, body: { password: CENSOR, name: 'n' }, other });
    expect(written.other).toBe(other);
    expect(fields.headers.authorization).toBe('Bearer sk');
  });

  it('leaves two levels down alone, as the paths it replaces did', () => {
    const fields = { request: { headers: { authorization: 'Bearer sk' } } };
    expect(redactSecrets(fields)).toBe(fields);
  });

  it('censors a secret on an Error while its message, stack and type still read through', () => {
    const error = Object.assign(new TypeError('boom'), { apiKey: 'sk_live_secret' });
    const written = redactSecrets({ err: error }).err as TypeError & { apiKey: string };
    expect(written.apiKey).toBe(CENSOR);
    expect(written.message).toBe('boom');
    expect(written.stack).toBe(error.stack);
    expect(written).toBeInstanceOf(TypeError);
    expect(error.apiKey).toBe('sk_live_secret');
  });

  it('censors a secret whatever its value: objects, null and numbers alike', () => {
    expect(redactSecrets({ secret: { nested: true }, otp: 123456, password: null })).toEqual({ secret: CENSOR, otp: CENSOR, password: CENSOR });
  });
});
