import * as t from 'io-ts';
import type { Contact } from '../../../domain/contact.js';
import { e164, isoDateTime, isoInstant, nullable, type Wire } from './schema.js';

export const ContactView = t.strict({
  id: t.string,
  name: t.string,
  phoneNumber: e164,
  email: nullable(t.string),
  notes: nullable(t.string),
  /** Opted out (by a STOP text or the API): no campaign calls this number. */
  doNotCall: t.boolean,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'Contact');

export const contactView = (contact: Contact): Wire<typeof ContactView> => ({
  id: contact.id,
  name: contact.name,
  phoneNumber: contact.phoneNumber,
  email: contact.email,
  notes: contact.notes,
  doNotCall: contact.doNotCall,
  createdAt: isoInstant(contact.createdAt),
  updatedAt: isoInstant(contact.updatedAt),
});
