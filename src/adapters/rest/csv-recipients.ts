import * as E from 'fp-ts/lib/Either.js';
import type { FieldProblem } from '../../application/errors.js';
import type { RecipientInput } from '../../application/use-cases/campaigns/recipient-import.js';
import { LIMITS } from '../../domain/campaign.js';
import { recipientVariables, VARIABLE_LIMITS } from './codecs/campaigns.js';
import { northAmericanNumber } from './codecs/phone.js';
import { idText } from './codecs/text.js';
import { csvProblem as problem, csvRows, normalisedHeader as normalised, PHONE_COLUMNS } from './csv-rows.js';

/** The header names of the contact column, which is not a variable (any case, `_` or not). */
const CONTACT_COLUMNS = new Set(['contactid']);

/**
 * Recipients from a CSV file (RFC 4180, by csv-parse): a header row, then one recipient a row.
 * The `phoneNumber` column (or `phone`, `phone_number`) is required, `contactId` optional, and
 * every other column becomes a variable of that name. Every bad row is reported with its line
 * number, and then nothing is imported.
 */
export const recipientsFromCsv = (text: string): E.Either<FieldProblem[], RecipientInput[]> => {
  const parsed = csvRows(text, 'one recipient');
  if (E.isLeft(parsed)) return parsed;
  const { header: names, records } = parsed.right;
  const phoneAt = names.findIndex((n) => PHONE_COLUMNS.has(normalised(n)));
  const contactAt = names.findIndex((n) => CONTACT_COLUMNS.has(normalised(n)));
  if (phoneAt < 0) return E.left([problem('line 1', 'has no phoneNumber column')]);
  const variableColumns = names.flatMap((name, i) => (i === phoneAt || i === contactAt ? [] : [{ name, i }]));
  if (variableColumns.length > VARIABLE_LIMITS.count) return E.left([problem('line 1', `has more than ${VARIABLE_LIMITS.count} variable columns`)]);
  if (records.length > LIMITS.recipientsPerRequest) {
    return E.left([problem('body', `has ${records.length} recipients; at most ${LIMITS.recipientsPerRequest} a request`)]);
  }

  const problems: FieldProblem[] = [];
  const recipients: RecipientInput[] = [];
  for (const { record, line } of records) {
    const phone = northAmericanNumber.decode(record[phoneAt] ?? '');
    const contactRaw = contactAt < 0 ? '' : (record[contactAt] ?? '');
    const contact = contactRaw === '' ? E.right(null) : idText.decode(contactRaw);
    const variables = recipientVariables.decode(Object.fromEntries(variableColumns.map(({ name, i }) => [name, record[i] ?? ''])));
    if (E.isLeft(phone)) problems.push(problem(`${line}.phoneNumber`, 'must be a valid US or Canadian phone number'));
    if (E.isLeft(contact)) problems.push(problem(`${line}.contactId`, 'is not an id'));
    if (E.isLeft(variables)) problems.push(problem(`${line}.variables`, variables.left[0]?.message ?? 'is not valid'));
    if (E.isRight(phone) && E.isRight(contact) && E.isRight(variables)) {
      recipients.push({ phoneNumber: phone.right, contactId: contact.right, variables: variables.right, source: line });
    }
  }
  return problems.length > 0 ? E.left(problems) : E.right(recipients);
};
