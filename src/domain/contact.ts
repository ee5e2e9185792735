import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';
import type { E164 } from './e164.js';
import { NO_CONSENT, withConsent, type Consent } from './consent.js';

/** An address-book entry, unique per project by phone number. */
export interface Contact {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly phoneNumber: E164;
  readonly email: string | null;
  readonly notes: string | null;
  /** Opted out of calls and texts (an inbound STOP sets it, START clears it): no campaign calls them. */
  readonly doNotCall: boolean;
  /** What the person agreed to, per channel (see `requireConsent` on calls, texts and campaigns). */
  readonly consent: Consent;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface ContactFields {
  readonly name: string;
  readonly phoneNumber: E164;
  readonly email?: string | null;
  readonly notes?: string | null;
  readonly doNotCall?: boolean;
  /** A channel given replaces its record (null clears it); one left out stays. */
  readonly consent?: Partial<Consent>;
}

const checkName = (contact: Contact): E.Either<InvalidField, Contact> =>
  contact.name.trim() === '' ? E.left(invalidField('name', 'must not be empty')) : E.right(contact);

export const createContact = (props: {
  id: string;
  projectId: string;
  fields: ContactFields;
  now: Date;
}): E.Either<InvalidField, Contact> =>
  checkName({
    id: props.id,
    projectId: props.projectId,
    name: props.fields.name.trim(),
    phoneNumber: props.fields.phoneNumber,
    email: props.fields.email ?? null,
    notes: props.fields.notes ?? null,
    doNotCall: props.fields.doNotCall ?? false,
    consent: withConsent(NO_CONSENT, props.fields.consent ?? {}),
    createdAt: props.now,
    updatedAt: props.now,
  });

export const updateContact = (
  contact: Contact,
  changes: Partial<ContactFields>,
  now: Date,
): E.Either<InvalidField, Contact> =>
  checkName({
    ...contact,
    name: changes.name?.trim() ?? contact.name,
    phoneNumber: changes.phoneNumber ?? contact.phoneNumber,
    email: changes.email === undefined ? contact.email : changes.email,
    notes: changes.notes === undefined ? contact.notes : changes.notes,
    doNotCall: changes.doNotCall ?? contact.doNotCall,
    consent: changes.consent ? withConsent(contact.consent, changes.consent) : contact.consent,
    updatedAt: now,
  });

/** Case-insensitive "contains" on name or number, the rule of the contacts search. */
export const matchesSearch = (contact: Contact, search: string): boolean => {
  const needle = search.trim().toLowerCase();
  return contact.name.toLowerCase().includes(needle) || contact.phoneNumber.includes(needle);
};

/** The contact after an inbound opt-out (STOP) or opt-in (START) text. */
export const withDoNotCall = (contact: Contact, doNotCall: boolean, now: Date): Contact =>
  contact.doNotCall === doNotCall ? contact : { ...contact, doNotCall, updatedAt: now };
