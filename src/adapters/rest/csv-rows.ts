import { parse } from 'csv-parse/sync';
import * as E from 'fp-ts/lib/Either.js';
import type { FieldProblem } from '../../application/errors.js';

/** The header names a phone number column may have (any case, `_` or not). */
export const PHONE_COLUMNS = new Set(['phonenumber', 'phone', 'number']);

/** A header as compared: trimmed, lower case, without `_`. */
export const normalisedHeader = (header: string): string => header.trim().toLowerCase().replaceAll('_', '');

export const csvProblem = (field: string, message: string): FieldProblem => ({ field, message, type: 'value_error' });

export interface CsvRows {
  /** The header row's names, trimmed. */
  readonly header: readonly string[];
  /** Each row after the header with the line it ends on, for the problems to name. */
  readonly records: readonly { readonly record: readonly string[]; readonly line: string }[];
}

/**
 * A CSV file (RFC 4180, by csv-parse) as a header and rows, or why it is not one: text that does
 * not parse names its line, and a file without a header row says it needs `what`.
 */
export const csvRows = (text: string, what: string): E.Either<FieldProblem[], CsvRows> => {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, { info: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true, max_record_size: 64 * 1024 }) as never;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return E.left([csvProblem(line ? `line ${line}` : 'body', `is not valid CSV: ${(error as Error).message.slice(0, 200)}`)]);
  }
  const [header, ...records] = rows;
  if (!header) return E.left([csvProblem('body', `is empty: a header row and at least ${what} are needed`)]);
  return E.right({ header: header.record.map((h) => h.trim()), records: records.map(({ record, info }) => ({ record, line: `line ${info.lines}` })) });
};
