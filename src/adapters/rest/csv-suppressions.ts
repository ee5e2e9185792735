import { stringify } from 'csv-stringify/sync';
import * as E from 'fp-ts/lib/Either.js';
import type { FieldProblem } from '../../application/errors.js';
import type { SuppressionInput } from '../../application/use-cases/suppressions/add-suppressions.js';
import type { Suppression } from '../../domain/suppression.js';
import { anyPhoneNumber } from './codecs/phone.js';
import { csvProblem as problem, csvRows, normalisedHeader, PHONE_COLUMNS } from './csv-rows.js';
import { suppressionChannel, suppressionReason } from './codecs/suppressions.js';
import { isoInstant } from './views/schema.js';
import { SUPPRESSION_CSV_HEADER } from './views/suppressions.js';

/** Most rows one import takes: a larger list goes in several requests. */
export const MAX_SUPPRESSIONS_PER_IMPORT = 10_000;


/**
 * Suppressions from a CSV file (RFC 4180, by csv-parse): a header row naming `phoneNumber` (or
 * `phone`, `number`), optionally `channel` (default `all`) and `reason`; other columns (an
 * export's `source`, `createdAt`) are ignored, so an export imports as it is. Every bad row is
 * reported with its line number, and then nothing is imported.
 */
export const suppressionsFromCsv = (text: string): E.Either<FieldProblem[], SuppressionInput[]> => {
  const parsed = csvRows(text, 'one number');
  if (E.isLeft(parsed)) return parsed;
  const { header, records } = parsed.right;
  const names = header.map(normalisedHeader);
  const phoneAt = names.findIndex((n) => PHONE_COLUMNS.has(n));
  const channelAt = names.indexOf('channel');
  const reasonAt = names.indexOf('reason');
  if (phoneAt < 0) return E.left([problem('line 1', 'has no phoneNumber column')]);
  if (records.length > MAX_SUPPRESSIONS_PER_IMPORT) return E.left([problem('body', `has ${records.length} rows; at most ${MAX_SUPPRESSIONS_PER_IMPORT} a request`)]);
  const problems: FieldProblem[] = [];
  const entries: SuppressionInput[] = [];
  for (const { record, line } of records) {
    const phone = anyPhoneNumber.decode(record[phoneAt] ?? '');
    const channelRaw = channelAt < 0 ? '' : (record[channelAt] ?? '');
    const channel = channelRaw === '' ? E.right('all' as const) : suppressionChannel.decode(channelRaw);
    const reasonRaw = reasonAt < 0 ? '' : (record[reasonAt] ?? '');
    const reason = reasonRaw === '' ? E.right(null) : suppressionReason.decode(reasonRaw);
    if (E.isLeft(phone)) problems.push(problem(line, 'has no valid phone number'));
    else if (E.isLeft(channel)) problems.push(problem(line, 'has a channel other than voice, sms or all'));
    else if (E.isLeft(reason)) problems.push(problem(line, 'has a reason that is too long or holds characters that cannot be stored'));
    else entries.push({ phoneNumber: phone.right, channel: channel.right, reason: reason.right });
  }
  return problems.length > 0 ? E.left(problems) : E.right(entries);
};

/** One page of the list as CSV lines (no header), by csv-stringify. */
export const suppressionCsvLines = (page: readonly Suppression[]): string =>
  stringify(page.map((s) => [s.phoneNumber, s.channel, s.reason ?? '', s.source, isoInstant(s.createdAt)]), { record_delimiter: '\r\n' });

export const suppressionCsvHeader = (): string => `${SUPPRESSION_CSV_HEADER.join(',')}\r\n`;
