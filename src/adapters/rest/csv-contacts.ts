import * as E from 'fp-ts/lib/Either.js';
import type { FieldProblem } from '../../application/errors.js';
import type { ContactImportRow } from '../../application/use-cases/contacts/import-contacts.js';
import type { OutboundChannel } from '../../domain/suppression.js';
import { CreateContactBody, toContactFields } from './codecs/contacts.js';
import { reportProblems } from './decode.js';
import { csvProblem as problem, csvRows, normalisedHeader, PHONE_COLUMNS } from './csv-rows.js';

/** Most rows one import takes: a larger list goes in several requests. */
export const MAX_CONTACTS_PER_IMPORT = 10_000;

const CHANNELS: readonly OutboundChannel[] = ['voice', 'sms'];

/**
 * Contacts from a CSV file (RFC 4180, by csv-parse): a header row naming `name` and `phoneNumber`
 * (or `phone`, `number`), optionally `email`, `notes`, and per channel (`voice`, `sms`) the consent
 * on record: `voiceConsent` (its basis), `voiceConsentSource`, `voiceConsentCapturedAt`,
 * `voiceConsentEvidence`, and the same with `sms`. A row whose basis is empty leaves that channel
 * as it is. Every bad row is reported with its line number, and then nothing is imported.
 */
export const contactsFromCsv = (text: string): E.Either<FieldProblem[], ContactImportRow[]> => {
  const parsed = csvRows(text, 'one contact');
  if (E.isLeft(parsed)) return parsed;
  const { header, records } = parsed.right;
  const names = header.map(normalisedHeader);
  const at = (name: string) => names.indexOf(name.toLowerCase());
  const phoneAt = names.findIndex((n) => PHONE_COLUMNS.has(n));
  if (phoneAt < 0 || at('name') < 0) return E.left([problem('line 1', 'needs a name and a phoneNumber column')]);
  if (records.length > MAX_CONTACTS_PER_IMPORT) return E.left([problem('body', `has ${records.length} rows; at most ${MAX_CONTACTS_PER_IMPORT} a request`)]);
  const problems: FieldProblem[] = [];
  const rows: ContactImportRow[] = [];
  const firstLine = new Map<string, string>();
  for (const { record, line } of records) {
    const cell = (name: string): string | undefined => {
      const index = at(name);
      const value = index < 0 ? '' : (record[index] ?? '');
      return value === '' ? undefined : value;
    };
    const consent: Record<string, unknown> = {};
    for (const channel of CHANNELS) {
      const basis = cell(`${channel}Consent`);
      if (basis === undefined) continue;
      consent[channel] = { basis, source: cell(`${channel}ConsentSource`) ?? null, capturedAt: cell(`${channel}ConsentCapturedAt`) ?? null, evidence: cell(`${channel}ConsentEvidence`) ?? null };
    }
    // Read as the JSON body of POST /v1/contacts would be: one set of rules for both.
    const body = { name: cell('name') ?? '', phoneNumber: record[phoneAt] ?? '', email: cell('email'), notes: cell('notes'), consent };
    const decoded = CreateContactBody.decode(Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)));
    const earlier = E.isRight(decoded) ? firstLine.get(decoded.right.phoneNumber) : undefined;
    if (E.isLeft(decoded)) {
      const fields = [...new Set(reportProblems(decoded.left, 'body').map((p) => p.field))];
      problems.push(problem(line, `has a bad ${fields.join(', ')}`));
    } else if (body.name.trim() === '') problems.push(problem(line, 'has no name'));
    else if (earlier) problems.push(problem(line, `repeats the phone number of ${earlier}`));
    else {
      firstLine.set(decoded.right.phoneNumber, line);
      rows.push({ line, fields: toContactFields(decoded.right) });
    }
  }
  return problems.length > 0 ? E.left(problems) : E.right(rows);
};
