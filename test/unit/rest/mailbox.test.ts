import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseMailbox } from '../../../src/adapters/rest/codecs/mailbox.js';
import { mailboxKey } from '../../../src/domain/mailbox.js';

/** Where nodemailer would really send a mail addressed `to` (its SMTP envelope). */
const nodemailer = createTransport({ jsonTransport: true });
const envelopeOf = async (to: string): Promise<readonly string[]> => (await nodemailer.sendMail({ from: 'sb@example.com', to, text: '.' })).envelope.to;

describe(parseMailbox.name, () => {
  it.each([
    ['victim@host.com', 'victim@host.com'],
    ['Victim@HOST.com', 'Victim@host.com'],
    ['  ada.lovelace+sb@Example.CO.uk ', 'ada.lovelace+sb@example.co.uk'],
    ["o'brien@mail-1.example.org", "o'brien@mail-1.example.org"],
  ])('accepts the plain address %j as %j: domain in lower case, local part as given', (raw, canonical) => {
    expect(parseMailbox(raw)).toEqual(E.right(canonical));
  });

  it.each([
    ['a display name before the address', 'x<victim@host.com>'],
    ['a display name with a space', 'Victim <victim@host.com>'],
    ['a quoted display name', '"Victim" <victim@host.com>'],
    ['an angle address alone', '<victim@host.com>'],
    ['a quoted local part', '"victim"@host.com'],
    ['a trailing semicolon', 'victim@host.com;'],
    ['a trailing comma', 'victim@host.com,'],
    ['a list', 'a@example.com, victim@host.com'],
    ['a list without a space', 'a@example.com,victim@host.com'],
    ['a list with semicolons', 'a@example.com;victim@host.com'],
    ['a group', 'friends: victim@host.com;'],
    ['a comment after the address', 'victim@host.com (hi)'],
    ['a comment in the local part', 'victim(hi)@host.com'],
    ['whitespace before the @', 'victim @host.com'],
    ['whitespace inside', 'vic tim@host.com'],
    ['a domain literal', 'victim@[192.0.2.1]'],
    ['a domain without a dot', 'victim@localhost'],
    ['a domain label starting with a hyphen', 'victim@-host.com'],
    ['a domain with an underscore', 'victim@ho_st.com'],
    ['a trailing dot', 'victim@host.com.'],
    ['two dots in a row', 'vic..tim@host.com'],
    ['a non-ASCII local part', 'üser@host.com'],
    ['a non-ASCII domain (write it in punycode)', 'user@bücher.de'],
    ['a line break', 'victim@host.com\nBcc: other@host.com'],
    ['two @', 'a@b@host.com'],
    ['no local part', '@host.com'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@host.com`],
    ['a domain ending in digits, which mailers read as an IPv4 address', 'a@9.9'],
    ['a dotted-quad domain', 'ops@10.0.0.1'],
    ['an address over 254 characters', `a@${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com`],
  ])('refuses %s (%j)', (_, raw) => {
    expect(E.isLeft(parseMailbox(raw))).toBe(true);
  });

  it('accepts only what nodemailer delivers to exactly one recipient, that same address', async () => {
    const hostile = fc.string({ unit: fc.constantFrom(...'aZ09.@-_+\'"<>(),;: \\[]!#$%&*/=?^`{|}~\tü'.split('')), minLength: 1, maxLength: 4 });
    const risky = fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: hostile, weight: 1 });
    const local = fc.string({ unit: fc.constantFrom(...'aZ09.-_+'.split('')), minLength: 1, maxLength: 6 });
    const label = fc.string({ unit: fc.constantFrom(...'aZ09-'.split('')), minLength: 1, maxLength: 6 });
    // Plausible addresses with hostile bits around and inside them, so that many are accepted.
    const candidate = fc.tuple(risky, local, risky, fc.constantFrom('@', '@', '@@', ''), risky, label, fc.constantFrom('.com', '.Org', ''), risky).map((parts) => parts.join(''));
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(candidate, async (raw) => {
        const parsed = parseMailbox(raw);
        if (E.isLeft(parsed)) return;
        accepted++;
        expect(await envelopeOf(raw)).toEqual([parsed.right]);
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('gives one key to every spelling of one mailbox', () => {
    const keys = ['victim@host.com', 'Victim@HOST.com', 'VICTIM@host.COM'].map((raw) => {
      const parsed = parseMailbox(raw);
      return E.isRight(parsed) ? mailboxKey(parsed.right) : raw;
    });

    expect(new Set(keys)).toEqual(new Set(['victim@host.com']));
  });
});
