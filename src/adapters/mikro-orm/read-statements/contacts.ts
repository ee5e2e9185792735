import type { ContactRow } from '../entities/contact.js';
import { contactRow, CONTACT_COLUMNS } from './rows.js';
import { pagedStatements } from './paged.js';

/** A project's contacts, newest first; `pattern` (an ILIKE pattern) keeps those whose name or number it matches, null keeps all. */
export type ContactFilterParams = { readonly projectId: string; readonly pattern: string | null };

export const contactList = pagedStatements<ContactFilterParams, ContactRow>(
  'contact',
  {
    table: 'contacts',
    columns: CONTACT_COLUMNS,
    where: `project_id = :projectId and (:pattern::text is null or name ilike :pattern or phone_number ilike :pattern)`,
    orderBy: 'created_at desc, id desc',
  },
  contactRow,
);
