/**
 * An e-mail address that names exactly one mailbox: a plain `local@domain`, with no display
 * name, comment, quoting or second address for a mail library to read differently, and its
 * domain in lower case. The local part keeps the case it was given in, as mail is delivered
 * to it. Only the parsing adapter (email-addresses) or a trusted source (the database)
 * creates one.
 */
export type Mailbox = string & { readonly Mailbox: unique symbol };

/** Trust a value that already came out of the parser or the database. */
export const trustMailbox = (value: string): Mailbox => value as Mailbox;

/**
 * Who the mailbox belongs to, for "one project per address" and the per-address sign-up
 * limit: the whole address in lower case. Local parts may be case-sensitive in principle, but
 * providers deliver `Ada@` and `ada@` to the same person; a key that told them apart would let
 * one inbox open a project per spelling.
 */
export const mailboxKey = (mailbox: Mailbox): string => mailbox.toLowerCase();
