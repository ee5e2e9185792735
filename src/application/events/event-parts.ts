import type { Contact } from '../../domain/contact.js';

/** The contact an event names: who the other party is, when the project knows the number. */
export interface EventContact {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly phoneNumber: string;
}

export const eventContactOf = (contact: Contact | null): EventContact | null =>
  contact && { id: contact.id, name: contact.name, email: contact.email, phoneNumber: contact.phoneNumber };

/** Which text an event on channel `sms` is about: the text, its thread, our number and both ends. */
export interface SmsTextRefs {
  readonly messageId: string;
  readonly conversationId: string;
  readonly numberId: string;
  readonly from: string;
  readonly to: string;
}
