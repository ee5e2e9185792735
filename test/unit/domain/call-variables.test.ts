import { describe, expect, it } from 'vitest';
import { fillVariables, fillVariablesDeep, inboundVariables } from '../../../src/domain/call-variables.js';

describe('call variables', () => {
  it('fills {{name}} placeholders, with spaces inside the braces too, and leaves unknown ones empty, naming them', () => {
    const unknown = new Set<string>();

    const filled = fillVariables('Hi {{first_name}}, {{ clinic }} here.{{missing}} See you {{day}}!', { first_name: 'Ada', clinic: 'Acme', day: 'Monday' }, unknown);

    expect(filled).toBe('Hi Ada, Acme here. See you Monday!');
    expect([...unknown]).toEqual(['missing']);
  });

  it('never reads inherited properties as values, and leaves text without placeholders alone', () => {
    expect(fillVariables('{{constructor}}{{toString}}', {})).toBe('');
    expect(fillVariables('No {braces} here {{ }}', { a: 'b' })).toBe('No {braces} here {{ }}');
  });

  it('fills every string of a JSON value and keeps its shape', () => {
    expect(fillVariablesDeep({ to: '{{caller_number}}', n: 3, list: ['{{x}}', true], nested: { a: null } }, { caller_number: '+1415', x: 'y' })).toEqual({
      to: '+1415',
      n: 3,
      list: ['y', true],
      nested: { a: null },
    });
  });

  it('names what an inbound call knows of itself', () => {
    expect(inboundVariables({ callerNumber: '+14155550123', agentNumber: '+13125550100', contactName: null, now: new Date('2026-11-24T01:02:03Z') })).toEqual({
      caller_number: '+14155550123',
      agent_number: '+13125550100',
      contact_name: '',
      now: '2026-11-24T01:02:03.000Z',
    });
  });
});
