import type { Contact } from '../../domain/contact.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** What a contact list asks: a page, and a search (a case-insensitive contains on name or number), null for all. */
export type ContactListRequest = PageRequest & { readonly search: string | null };

/** The project's contacts, newest first: what `GET /v1/contacts` shows. */
export interface ContactListQuery {
  page(projectId: string, request: ContactListRequest): Promise<Page<Contact>>;
}
