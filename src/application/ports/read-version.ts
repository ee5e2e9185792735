/**
 * The version of what a read answers: a text that differs whenever that read's answer does, so
 * that an answer kept from earlier may be given again, unread, while its version is unchanged.
 * It names each row the answer shows and that row's revision (on a database, the transaction
 * that wrote it), never a hash: two reads with equal versions have equal answers. (A version may
 * come back, but only with the very answer it had: a row added past a page and removed again.)
 */
export type ReadVersion = string;

/** An answer read with its own version, taken from the same snapshot of the store. */
export interface Versioned {
  readonly version: ReadVersion;
}
