import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { isInternalHost, webhookUrl } from '../../../src/domain/webhook-url.js';

describe(webhookUrl.name, () => {
  it('keeps an http(s) URL as given', () => {
    expect(webhookUrl(' https://hooks.example.com/in?x=1 ', { allowInternal: false })).toEqual(
      E.right('https://hooks.example.com/in?x=1'),
    );
  });

  it.each(['ftp://example.com', 'javascript:alert(1)', '/relative', 'https://user:pw@example.com/'])('refuses %s', (url) => {
    const result = webhookUrl(url, { allowInternal: true });
    expect(E.isLeft(result) && result.left).toMatchObject({ _tag: 'InvalidField', field: 'url' });
  });

  it('refuses internal hosts only when asked to', () => {
    expect(E.isLeft(webhookUrl('http://127.0.0.1:3000/', { allowInternal: false }))).toBe(true);
    expect(webhookUrl('http://127.0.0.1:3000/', { allowInternal: true })).toEqual(E.right('http://127.0.0.1:3000/'));
  });
});

describe(isInternalHost.name, () => {
  const host = (url: string) => new URL(url).hostname;

  it.each([
    'http://localhost/', 'http://api.localhost/', 'http://127.1.2.3/', 'http://0.0.0.0/', 'http://10.0.0.1/',
    'http://172.16.0.1/', 'http://172.31.255.255/', 'http://192.168.1.1/', 'http://169.254.169.254/',
    'http://100.64.0.1/', 'http://0x7f000001/', 'http://[::1]/', 'http://[::]/', 'http://[fc00::1]/',
    'http://[fe80::1]/', 'http://[::ffff:10.0.0.1]/',
  ])('calls %s internal', (url) => {
    expect(isInternalHost(host(url))).toBe(true);
  });

  it.each([
    'https://example.com/', 'http://8.8.8.8/', 'http://172.32.0.1/', 'http://172.15.0.1/', 'http://100.128.0.1/',
    'http://[2001:db8::1]/', 'http://[::ffff:8.8.8.8]/', 'http://192.169.0.1/',
  ])('calls %s public', (url) => {
    expect(isInternalHost(host(url))).toBe(false);
  });
});
