import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { checkCustomTools, type CustomTool } from '../../../src/domain/custom-tool.js';

const aTool = (overrides: Partial<CustomTool> = {}): CustomTool => ({
  name: 'lookup_order',
  description: 'Looks up an order.',
  url: 'https://api.example.com/orders',
  method: 'POST',
  headers: {},
  parameters: { type: 'object', properties: {} },
  timeoutMs: 10_000,
  speakDuringExecution: false,
  executionMessage: null,
  ...overrides,
});

const fieldOf = (tools: CustomTool[]) => {
  const checked = checkCustomTools(tools);
  return E.isLeft(checked) ? checked.left.field : null;
};

describe(checkCustomTools.name, () => {
  it('accepts up to 20 well-formed tools', () => {
    expect(fieldOf(Array.from({ length: 20 }, (_, i) => aTool({ name: `tool_${i}` })))).toBeNull();
  });

  it('names the field of the first tool that breaks a rule', () => {
    expect(fieldOf(Array.from({ length: 21 }, (_, i) => aTool({ name: `tool_${i}` })))).toBe('customTools');
    expect(fieldOf([aTool(), aTool({ name: 'with space' })])).toBe('customTools.1.name');
    expect(fieldOf([aTool({ name: 'transfer_call' })])).toBe('customTools.0.name');
    expect(fieldOf([aTool(), aTool()])).toBe('customTools.1.name');
    expect(fieldOf([aTool({ description: '  ' })])).toBe('customTools.0.description');
    expect(fieldOf([aTool({ url: 'file:///etc/passwd' })])).toBe('customTools.0.url');
    expect(fieldOf([aTool({ url: 'https://user:pw@example.com/' })])).toBe('customTools.0.url');
    expect(fieldOf([aTool({ timeoutMs: 0 })])).toBe('customTools.0.timeoutMs');
    expect(fieldOf([aTool({ timeoutMs: 30_001 })])).toBe('customTools.0.timeoutMs');
    expect(fieldOf([aTool({ headers: { 'X-Webhook-Signature': 'forged' } })])).toBe('customTools.0.headers');
    expect(fieldOf([aTool({ parameters: { type: 'string' } })])).toBe('customTools.0.parameters');
  });

  it('refuses {{variables}} in the scheme, host, port or credentials of a tool URL, naming the field', () => {
    for (const url of ['http://{{tool_host}}/orders', 'https://api-{{region}}.example.com/x', 'https://{{user}}@api.example.com/', 'https:{{tool_host}}/x', 'https:\\\\{{tool_host}}/x']) {
      const checked = checkCustomTools([aTool({ url })]);
      expect(E.isLeft(checked) && checked.left, url).toMatchObject({ field: 'customTools.0.url' });
    }
  });

  it('lets {{variables}} fill the path and the query of a tool URL', () => {
    expect(fieldOf([aTool({ url: 'https://api.example.com/customers/{{caller_number}}/orders?since={{now}}' })])).toBeNull();
    expect(fieldOf([aTool({ url: 'https://api.example.com:8443/{{id}}#{{part}}' })])).toBeNull();
  });
});
