import { AgentSchema } from './agent.js';
import { ApiKeySchema } from './api-key.js';
import { ContactSchema } from './contact.js';
import { LedgerEntrySchema } from './ledger-entry.js';
import { PhoneNumberSchema } from './phone-number.js';
import { ProjectSchema } from './project.js';

/** Every schema the ORM must discover; a later feature appends its own. */
export const entities = [ProjectSchema, ApiKeySchema, AgentSchema, PhoneNumberSchema, ContactSchema, LedgerEntrySchema];
