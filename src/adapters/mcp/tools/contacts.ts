import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { oneOf } from '../../rest/codecs/common.js';
import { CreateContactBody, ListContactsQuery, toContactChanges, toContactFields, UpdateContactBody } from '../../rest/codecs/contacts.js';
import { idText } from '../../rest/codecs/text.js';
import { decode } from '../../rest/decode.js';
import { pageEnvelope } from '../../rest/pagination.js';
import { contactView } from '../../rest/views/contacts.js';
import { validation } from '../../../application/errors.js';
import { queryString, snakeCased, snakeCasedCodec } from '../arguments.js';
import { actorOf, outcome, output, projectOf, readOnly, tool, type AnyTool, type ToolContext } from '../tool.js';

const ManageContactArgs = t.intersection([
  t.type({ action: oneOf(['create', 'update', 'delete'] as const) }),
  t.partial({ contact_id: idText }),
  snakeCasedCodec(UpdateContactBody),
]);
const create = snakeCased(CreateContactBody);
const update = snakeCased(UpdateContactBody);

type ManageContact = t.TypeOf<typeof ManageContactArgs>;

const contactIdOf = (args: ManageContact) =>
  args.contact_id === undefined ? E.left(validation('contact_id', `field required to ${args.action} a contact`)) : E.right(args.contact_id);

/** One tool for three use cases, as AgentPhone has it: `action` picks, REST's codecs check each one's fields. */
const manage = async (context: ToolContext, args: ManageContact) => {
  const projectId = projectOf(context);
  const { contacts } = context.useCases;
  if (args.action === 'create') {
    const body = decode(create.codec, args, 'body');
    if (E.isLeft(body)) return body;
    const fields = toContactFields(create.read(body.right));
    return outcome(contacts.createContact.execute({ projectId, fields, actor: actorOf(context) }), (contact) => output(`Created contact ${contact.name} (${contact.id}).`, contactView(contact)));
  }
  const contactId = contactIdOf(args);
  if (E.isLeft(contactId)) return contactId;
  if (args.action === 'delete') {
    return outcome(contacts.deleteContact.execute({ projectId, contactId: contactId.right }), () =>
      output(`Deleted contact ${contactId.right}.`, { success: true, id: contactId.right }),
    );
  }
  const body = decode(update.codec, args, 'body');
  if (E.isLeft(body)) return body;
  const changes = toContactChanges(update.read(body.right));
  return outcome(contacts.updateContact.execute({ projectId, contactId: contactId.right, changes, actor: actorOf(context) }), (contact) =>
    output(`Updated contact ${contact.name} (${contact.id}).`, contactView(contact)),
  );
};

export const contactTools: readonly AnyTool[] = [
  tool({
    name: 'list_contacts',
    title: 'List contacts',
    description: "The account's saved contacts, by name; `search` matches name or phone number.",
    args: queryString(ListContactsQuery),
    annotations: readOnly,
    access: 'project',
    run: (context, { limit, offset, search }) => {
      const page = { limit, offset };
      return outcome(context.useCases.contacts.listContacts.execute({ projectId: projectOf(context), page, search: search ?? null }), (list) =>
        output(`${list.items.length} of ${list.total} contacts.`, pageEnvelope(list, page, contactView)),
      );
    },
  }),
  tool({
    name: 'manage_contact',
    title: 'Create, update or delete a contact',
    description:
      'Create, update or delete a saved contact, by `action`. create: `name` and `phone_number` (E.164) required; ' +
      'update: `contact_id`, and only the fields given change; delete: `contact_id` — DESTRUCTIVE, the contact is removed for good.',
    args: { codec: ManageContactArgs, read: (decoded) => decoded as ManageContact },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    access: 'project',
    run: manage,
  }),
];
