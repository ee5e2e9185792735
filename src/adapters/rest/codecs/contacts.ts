import * as t from 'io-ts';
import type { ContactFields } from '../../../domain/contact.js';
import { pageQuery } from '../pagination.js';
import { emailAddress, nullable } from './common.js';
import { anyPhoneNumber } from './phone.js';
import { ConsentBody, toConsentChanges } from './consent.js';
import { boundedText, MAX_LENGTH, nameText, searchText } from './text.js';

const optionalFields = {
  email: nullable(emailAddress),
  notes: nullable(boundedText(MAX_LENGTH.notes)),
  doNotCall: t.boolean,
  consent: ConsentBody,
};

export const CreateContactBody = t.intersection([
  t.type({ name: nameText, phoneNumber: anyPhoneNumber }),
  t.partial(optionalFields),
]);
export const UpdateContactBody = t.partial({ name: nameText, phoneNumber: anyPhoneNumber, ...optionalFields });

export const ListContactsQuery = t.intersection([
  pageQuery({ defaultLimit: 50, maxLimit: 200 }),
  t.partial({ search: searchText }),
]);

type ContactBody = t.TypeOf<typeof UpdateContactBody>;

/** Picks the known fields only: unknown body fields must never reach the aggregate. */
export const toContactChanges = (body: ContactBody): Partial<ContactFields> => ({
  name: body.name,
  phoneNumber: body.phoneNumber,
  email: body.email,
  notes: body.notes,
  doNotCall: body.doNotCall,
  consent: body.consent === undefined ? undefined : toConsentChanges(body.consent),
});

export const toContactFields = (body: t.TypeOf<typeof CreateContactBody>): ContactFields => ({
  ...toContactChanges(body),
  name: body.name,
  phoneNumber: body.phoneNumber,
});
