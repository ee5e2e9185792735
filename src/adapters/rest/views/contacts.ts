import type { Contact } from '../../../domain/contact.js';

export const contactView = (contact: Contact) => ({
  id: contact.id,
  name: contact.name,
  phoneNumber: contact.phoneNumber,
  email: contact.email,
  notes: contact.notes,
  doNotCall: contact.doNotCall,
  createdAt: contact.createdAt.toISOString(),
  updatedAt: contact.updatedAt.toISOString(),
});
