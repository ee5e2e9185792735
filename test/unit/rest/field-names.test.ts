import { describe, expect, it } from 'vitest';
import { validation, type Validation } from '../../../src/application/errors.js';
import { snakeCasedField } from '../../../src/adapters/mcp/arguments.js';
import { campaignFieldNames } from '../../../src/adapters/rest/codecs/campaigns.js';
import { namedAsSent, namingByTable } from '../../../src/adapters/rest/field-names.js';

const refusal = (...fields: string[]): Validation => ({
  _tag: 'Validation',
  message: fields.map((f) => `${f} is wrong`).join('; '),
  details: fields.map((field) => ({ field, message: 'is wrong', type: 'value_error' })),
});

describe(namedAsSent.name, () => {
  it("names each detail and the message's fields as sent, by the longest path of the table", () => {
    const named = namedAsSent(refusal('fromNumber.numberId', 'schedule.defaultTimeZone', 'schedule.weekdays', 'agentId'), campaignFieldNames);

    expect(named).toEqual(refusal('fromNumberId', 'schedule.timeZone', 'schedule.weekdays', 'agentId'));
  });

  it('keeps a message that is not the sentence of its details, and every other error, as they are', () => {
    const own = { ...validation('agentId', 'is wrong'), message: 'Something else' };

    expect(namedAsSent(own, snakeCasedField)).toMatchObject({ message: 'Something else', details: [{ field: 'agent_id' }] });
    expect(namedAsSent({ _tag: 'NotFound', resource: 'agent', id: 'a' }, snakeCasedField)).toEqual({ _tag: 'NotFound', resource: 'agent', id: 'a' });
  });

  it('renames a path by a table entry only at a key boundary', () => {
    const naming = namingByTable({ from: 'sender' });

    expect([naming('from'), naming('from.x'), naming('fromNumber')]).toEqual(['sender', 'sender.x', 'fromNumber']);
  });
});

describe(snakeCasedField.name, () => {
  it('snake_cases the top-level key only, and leaves names that are not camelCase keys alone', () => {
    expect(['fromNumberId', 'customTools.0.url', 'schedule.timeZone', 'contact_id', 'Idempotency-Key', 'recipients.1.phoneNumber'].map(snakeCasedField)).toEqual([
      'from_number_id',
      'custom_tools.0.url',
      'schedule.timeZone',
      'contact_id',
      'Idempotency-Key',
      'recipients.1.phoneNumber',
    ]);
  });
});
