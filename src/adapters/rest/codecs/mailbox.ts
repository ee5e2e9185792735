import emailAddresses from 'email-addresses';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { describedAs } from './described.js';
import { trustMailbox, type Mailbox } from '../../../domain/mailbox.js';

const MESSAGE = 'must be one plain e-mail address such as ada@example.com (no name, quotes, comments or list)';

/** RFC 5321's limits: what an SMTP server must accept, and no more. */
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
/** A host name label: letters, digits and inner hyphens (no IDN: write it in punycode). */
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Reads `raw` as one mailbox and accepts it only in its plainest form, `local@domain`: RFC 5322
 * also allows a display name (`x<victim@host>`), a quoted local part (`"victim"@host`),
 * comments, groups and lists, and mail libraries read those leniently (nodemailer delivers
 * `victim@host;` to victim@host). Each of them would be one more spelling of someone's
 * mailbox, so none is taken. The domain is returned in lower case; the local part as given.
 */
export const parseMailbox = (raw: string): E.Either<string, Mailbox> => {
  const input = raw.trim();
  if (input.length > MAX_ADDRESS) return E.left(`${MESSAGE}; at most ${MAX_ADDRESS} characters`);
  // strict: no obsolete syntax; rfc6532 off: ASCII only, so every address has one spelling.
  const parsed = emailAddresses.parseOneAddress({ input, startAt: 'mailbox', strict: true, rejectTLD: true, rfc6532: false });
  if (parsed === null || parsed.type !== 'mailbox' || parsed.name !== null) return E.left(MESSAGE);
  const localForm = parsed.parts.local.children[0]?.name;
  const domainForm = parsed.parts.domain.children[0]?.name;
  // The address as written must be nothing but local@domain: no comments, no folding whitespace.
  if (localForm !== 'dot-atom' || domainForm !== 'dot-atom' || parsed.address !== input) return E.left(MESSAGE);
  if (parsed.local.length > MAX_LOCAL) return E.left(`${MESSAGE}; at most ${MAX_LOCAL} characters before the @`);
  const domain = parsed.domain.toLowerCase();
  const labels = domain.split('.');
  if (!labels.every((label) => HOST_LABEL.test(label))) return E.left(MESSAGE);
  // A top-level label is never all digits: mailers read such a domain as an IPv4 address
  // (nodemailer sends `a@9.9` to 9.0.0.9), so the address would reach another host.
  if (/^\d+$/.test(labels[labels.length - 1]!)) return E.left(MESSAGE);
  return E.right(trustMailbox(`${parsed.local}@${domain}`));
};

/** {@link parseMailbox} as a codec of a request field. */
export const mailbox = describedAs(
  new t.Type<Mailbox, string, unknown>(
    'e-mail address',
    (u): u is Mailbox => {
      if (typeof u !== 'string') return false;
      const parsed = parseMailbox(u);
      return E.isRight(parsed) && parsed.right === u;
    },
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c);
      const parsed = parseMailbox(u);
      return E.isRight(parsed) ? t.success(parsed.right) : t.failure(u, c, parsed.left);
    },
    String,
  ),
  { type: 'string', format: 'email', maxLength: MAX_ADDRESS, description: 'One plain address, local@domain (no display name, quotes or comments).' },
);
