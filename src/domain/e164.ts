/**
 * A phone number in E.164 form. Only the parsing adapter (libphonenumber-js) or a
 * trusted source (the carrier, the database) creates one.
 */
export type E164 = string & { readonly E164: unique symbol };

const E164_SHAPE = /^\+[1-9]\d{6,14}$/;

/** Trust a value that already came out of a parser or the database. */
export const trustE164 = (value: string): E164 => value as E164;

/** Shape check only; real validation (numbering plans) belongs to the parser adapter. */
export const looksLikeE164 = (value: string): boolean => E164_SHAPE.test(value);

/** Numbers of the North American Numbering Plan (US and Canada) start with +1. */
export const isNanp = (value: E164): boolean => /^\+1\d{10}$/.test(value);
