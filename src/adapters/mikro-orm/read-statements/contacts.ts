import type { ContactRow } from '../entities/contact.js';
import { readStatement } from '../read-session.js';
import { CONTACT_COLUMNS, contactRow, selectList } from './rows.js';

/** A project's contacts, newest first; `pattern` (an ILIKE pattern) keeps those whose name or number it matches, null keeps all. */
export type ContactFilterParams = { readonly projectId: string; readonly pattern: string | null };
export type ContactPageParams = ContactFilterParams & { readonly limit: number; readonly offset: number };

const matching = `project_id = :projectId and (:pattern::text is null or name ilike :pattern or phone_number ilike :pattern)`;

/** A row of a page: a contact, with the count of every contact the filter keeps beside it. */
export interface ContactPageRow {
  readonly contact: ContactRow;
  readonly total: number;
}

/** The page, its total an uncorrelated subquery run once beside it. */
export const contactPage = readStatement<ContactPageParams, ContactPageRow>(
  'contact_page',
  `select ${selectList(CONTACT_COLUMNS)}, (select count(*) from contacts where ${matching}) as "__total"
     from contacts where ${matching}
     order by created_at desc, id desc limit :limit offset :offset`,
  'read',
  (r) => ({ contact: contactRow(r), total: r.integer('__total') }),
);

/** The total alone: for a page past the last contact, which has no row to carry it. */
export const contactCount = readStatement<ContactFilterParams, number>(
  'contact_count',
  `select count(*) as "total" from contacts where ${matching}`,
  'read',
  (r) => r.integer('total'),
);
