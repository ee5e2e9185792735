import * as t from 'io-ts';
import { describedAs } from './described.js';
import { matching } from './common.js';
import { mailbox } from './mailbox.js';

const agentName = matching(/^(?=.*\S)[^\n\r]{1,100}$/, 'must be 1 to 100 characters on one line', 'agent name');

export const SignUpBody = t.intersection([
  t.type({ human_email: mailbox }),
  t.partial({ agent_name: t.union([agentName, t.null]) }),
]);

/** Six digits; a JSON number is accepted too, its leading zeros restored. */
const otpCode = describedAs(
  new t.Type<string, string, unknown>(
    '6-digit code',
    (u): u is string => typeof u === 'string',
    (u, c) => {
      const text = typeof u === 'number' && Number.isInteger(u) && u >= 0 && u < 1_000_000 ? String(u).padStart(6, '0') : u;
      if (typeof text !== 'string') return t.failure(u, c);
      return /^\d{6}$/.test(text.trim()) ? t.success(text.trim()) : t.failure(u, c, 'must be the 6-digit code from the e-mail');
    },
    String,
  ),
  {
    anyOf: [
      { type: 'string', pattern: '^\\d{6}$' },
      { type: 'integer', minimum: 0, maximum: 999_999 },
    ],
    description: 'The 6-digit code from the e-mail, as text (a JSON number is read with its leading zeros restored).',
    examples: ['012345'],
  },
);

export const VerifyBody = t.type({
  verification_id: matching(/^\S{1,100}$/, 'must be the verification_id returned by sign-up', 'verification id'),
  otp_code: otpCode,
});
