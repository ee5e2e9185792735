import type { Contact } from '../../domain/contact.js';
import type { Page } from '../../application/ports/pagination.js';
import type { ContactListQuery, ContactListRequest } from '../../application/queries/contact-list-query.js';
import { toContact } from './mikro-orm-contact-repository.js';
import { containsPattern } from './storage-support.js';
import { pageFromRows } from './read-page.js';
import type { ReadSession } from './read-session.js';
import { contactList } from './read-statements/index.js';

export class MikroOrmContactListQuery implements ContactListQuery {
  constructor(private readonly reads: ReadSession) {}

  async page(projectId: string, request: ContactListRequest): Promise<Page<Contact>> {
    const pattern = request.search === null ? null : containsPattern(request.search.trim());
    const rows = await this.reads.run(contactList.page, { projectId, pattern, limit: request.limit, offset: request.offset });
    return pageFromRows(rows, request.offset, (row) => toContact(row.row), () => this.reads.run(contactList.count, { projectId, pattern }));
  }
}
