import * as t from 'io-ts';
import type { Contact } from '../../../domain/contact.js';
import { e164, isoDateTime, nullable, type Wire } from './schema.js';

export const ContactView = t.strict({
  id: t.string,
  name: t.string,
  phoneNumber: e164,
  email: nullable(t.string),
  notes: nullable(t.string),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'Contact');

export const contactView = (contact: Contact): Wire<typeof ContactView> => ({
  id: contact.id,
  name: contact.name,
  phoneNumber: contact.phoneNumber,
  email: contact.email,
  notes: contact.notes,
  createdAt: contact.createdAt.toISOString(),
  updatedAt: contact.updatedAt.toISOString(),
});
