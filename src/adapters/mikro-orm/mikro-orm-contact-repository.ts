import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactKey, ContactRepository } from '../../application/ports/repositories.js';
import type { Contact } from '../../domain/contact.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import { ContactSchema, type ContactRow } from './entities/contact.js';
import { ConsentJson, decodeColumn } from './json-columns.js';
import { ormDelete, ormUpsert } from './orm-writes.js';
import { findRow, insertRowUnlessTaken, selectRows } from './storage-support.js';

/**
 * The one mapping of a stored row to the domain. Native reads (findRow/findPage/selectRows in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later is added to the schema and
 * here, nowhere else.
 */
export const toContact = (row: ContactRow): Contact => ({
  id: row.id,
  projectId: row.projectId,
  name: row.name,
  phoneNumber: trustE164(row.phoneNumber),
  email: row.email,
  notes: row.notes,
  doNotCall: row.doNotCall,
  consent: decodeColumn(ConsentJson, row.consent, 'contacts', 'consent', row.id),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const toContactRow = (contact: Contact): ContactRow => ({
  id: contact.id,
  projectId: contact.projectId,
  name: contact.name,
  phoneNumber: contact.phoneNumber,
  email: contact.email,
  notes: contact.notes,
  doNotCall: contact.doNotCall,
  consent: { ...ConsentJson.encode(contact.consent) },
  createdAt: contact.createdAt,
  updatedAt: contact.updatedAt,
});

export class MikroOrmContactRepository implements ContactRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Contact | null> {
    const row = await findRow(this.em, ContactSchema, { id, projectId });
    return row && toContact(row);
  }

  /** Native SQL: every inbound text's event names its sender's contact. */
  async findByPhoneNumber(projectId: string, phoneNumber: E164): Promise<Contact | null> {
    const [row] = await selectRows(this.em, ContactSchema, 'select * from contacts where project_id = ? and phone_number = ?', [
      projectId,
      phoneNumber,
    ]);
    return row ? toContact(row) : null;
  }

  /**
   * Native SQL: every batch of inbound texts names its senders' contacts. One probe of
   * contacts_project_phone_unique per distinct pair (the lateral limit keeps the planner from
   * hashing a scan of the table instead).
   */
  async findByPhoneNumbers(keys: readonly ContactKey[]): Promise<readonly Contact[]> {
    if (keys.length === 0) return [];
    const pairs = new Set(keys.map((key) => JSON.stringify([key.projectId, key.phoneNumber])));
    const rows = await selectRows(
      this.em,
      ContactSchema,
      `select c.* from jsonb_array_elements(?::jsonb) as k(t)
       cross join lateral (select * from contacts where project_id = k.t->>0 and phone_number = k.t->>1 limit 1) as c`,
      [`[${[...pairs].join(',')}]`],
    );
    return rows.map(toContact);
  }

  async save(contact: Contact): Promise<void> {
    await ormUpsert(this.em, ContactSchema, toContactRow(contact));
  }

  /** `on conflict (project_id, phone_number) do nothing`: contacts_project_phone_unique decides. */
  insertIfNumberFree(contact: Contact): Promise<boolean> {
    return insertRowUnlessTaken(this.em, ContactSchema, toContactRow(contact), ['projectId', 'phoneNumber']);
  }

  async delete(projectId: string, id: string): Promise<void> {
    await ormDelete(this.em, ContactSchema, { id, projectId });
  }
}
