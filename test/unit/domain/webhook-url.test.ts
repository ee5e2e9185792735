import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { webhookUrl } from '../../../src/domain/webhook-url.js';

describe(webhookUrl.name, () => {
  it('keeps an http(s) URL as given', () => {
    expect(webhookUrl(' https://hooks.example.com/in?x=1 ')).toEqual(E.right('https://hooks.example.com/in?x=1'));
    expect(webhookUrl('http://127.0.0.1:3000/')).toEqual(E.right('http://127.0.0.1:3000/'));
  });

  it.each(['ftp://example.com', 'javascript:alert(1)', '/relative', 'https://user:pw@example.com/'])('refuses %s', (url) => {
    const result = webhookUrl(url);
    expect(E.isLeft(result) && result.left).toMatchObject({ _tag: 'InvalidField', field: 'url' });
  });
});
