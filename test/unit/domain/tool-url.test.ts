import { describe, expect, it } from 'vitest';
import { fillToolUrl } from '../../../src/domain/tool-url.js';

describe(fillToolUrl.name, () => {
  it('fills the path, the query and the fragment', () => {
    const unknown = new Set<string>();

    const sut = fillToolUrl('https://api.example.com/customers/{{caller}}/orders?since={{now}}&x={{missing}}#{{part}}', { caller: '+14155550123', now: '2026', part: 'top' }, unknown);

    expect(sut.toString()).toBe('https://api.example.com/customers/+14155550123/orders?since=2026&x=#top');
    expect([...unknown]).toEqual(['missing']);
  });

  it.each([
    ['a protocol-relative path', 'https://api.example.com/{{v}}', '//evil.example/steal'],
    ['a backslash path', 'https://api.example.com/{{v}}', '\\\\evil.example\\steal'],
    ['credentials and a host', 'https://api.example.com/{{v}}', '@evil.example/'],
    ['a query that closes into a fragment', 'https://api.example.com/x?q={{v}}', 'a#@evil.example'],
    ['a path that opens a query', 'https://api.example.com/{{v}}', '?@evil.example:1/'],
  ])('keeps the saved host and port whatever a value holds: %s', (_, url, value) => {
    const sut = fillToolUrl(url, { v: value });

    expect(sut.host).toBe('api.example.com');
    expect(sut.username).toBe('');
    expect(sut.protocol).toBe('https:');
  });

  it('keeps a URL without a path or a query as it is', () => {
    expect(fillToolUrl(' https://api.example.com:8443 ', {}).toString()).toBe('https://api.example.com:8443/');
  });
});
