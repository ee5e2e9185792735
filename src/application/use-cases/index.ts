import type { AttachNumber } from './agents/attach-number.js';
import type { CreateAgent } from './agents/create-agent.js';
import type { DeleteAgent } from './agents/delete-agent.js';
import type { DetachNumber } from './agents/detach-number.js';
import type { GetAgent } from './agents/get-agent.js';
import type { ListAgents } from './agents/list-agents.js';
import type { ListVoices } from './agents/list-voices.js';
import type { UpdateAgent } from './agents/update-agent.js';
import type { CreateContact } from './contacts/create-contact.js';
import type { DeleteContact } from './contacts/delete-contact.js';
import type { GetContact } from './contacts/get-contact.js';
import type { ListContacts } from './contacts/list-contacts.js';
import type { UpdateContact } from './contacts/update-contact.js';
import type { GetNumber } from './numbers/get-number.js';
import type { ListNumbers } from './numbers/list-numbers.js';
import type { ProvisionNumber } from './numbers/provision-number.js';
import type { ReleaseNumber } from './numbers/release-number.js';
import type { AuthenticateApiKey } from './projects/authenticate-api-key.js';
import type { CreateProject } from './projects/create-project.js';

/** Every use case, built once by the composition root and handed to the driving adapters. */
export interface UseCases {
  readonly authenticateApiKey: AuthenticateApiKey;
  readonly createProject: CreateProject;
  readonly listVoices: ListVoices;
  readonly createAgent: CreateAgent;
  readonly listAgents: ListAgents;
  readonly getAgent: GetAgent;
  readonly updateAgent: UpdateAgent;
  readonly deleteAgent: DeleteAgent;
  readonly attachNumber: AttachNumber;
  readonly detachNumber: DetachNumber;
  readonly provisionNumber: ProvisionNumber;
  readonly listNumbers: ListNumbers;
  readonly getNumber: GetNumber;
  readonly releaseNumber: ReleaseNumber;
  readonly createContact: CreateContact;
  readonly listContacts: ListContacts;
  readonly getContact: GetContact;
  readonly updateContact: UpdateContact;
  readonly deleteContact: DeleteContact;
}
