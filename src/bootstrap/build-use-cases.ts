import type { Clock } from '../application/ports/clock.js';
import type { Credentials } from '../application/ports/credentials.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { NumberWebhooks, Telephony } from '../application/ports/telephony.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { VoiceCatalog } from '../application/ports/voice-catalog.js';
import { AttachNumber } from '../application/use-cases/agents/attach-number.js';
import { CreateAgent } from '../application/use-cases/agents/create-agent.js';
import { DeleteAgent } from '../application/use-cases/agents/delete-agent.js';
import { DetachNumber } from '../application/use-cases/agents/detach-number.js';
import { GetAgent } from '../application/use-cases/agents/get-agent.js';
import { ListAgents } from '../application/use-cases/agents/list-agents.js';
import { ListVoices } from '../application/use-cases/agents/list-voices.js';
import { UpdateAgent } from '../application/use-cases/agents/update-agent.js';
import { CreateContact } from '../application/use-cases/contacts/create-contact.js';
import { DeleteContact } from '../application/use-cases/contacts/delete-contact.js';
import { GetContact } from '../application/use-cases/contacts/get-contact.js';
import { ListContacts } from '../application/use-cases/contacts/list-contacts.js';
import { UpdateContact } from '../application/use-cases/contacts/update-contact.js';
import type { UseCases } from '../application/use-cases/index.js';
import { GetNumber } from '../application/use-cases/numbers/get-number.js';
import { ListNumbers } from '../application/use-cases/numbers/list-numbers.js';
import { ProvisionNumber } from '../application/use-cases/numbers/provision-number.js';
import { ReleaseNumber } from '../application/use-cases/numbers/release-number.js';
import { AuthenticateApiKey } from '../application/use-cases/projects/authenticate-api-key.js';
import { CreateProject } from '../application/use-cases/projects/create-project.js';
import type { Cents } from '../domain/money.js';

/** The ports and settings every use case is built from. */
export interface CorePorts {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly credentials: Credentials;
  readonly telephony: Telephony;
  readonly voices: VoiceCatalog;
  readonly numberWebhooks: NumberWebhooks;
  readonly prices: { readonly numberMonthly: Cents; readonly signupCredit: Cents };
}

export const buildUseCases = (ports: CorePorts): UseCases => {
  const { uow, clock, ids, credentials, telephony, voices } = ports;
  const core = { uow, clock, ids };
  return {
    authenticateApiKey: new AuthenticateApiKey({ uow, credentials }),
    createProject: new CreateProject({ ...core, credentials, signupCredit: ports.prices.signupCredit }),
    listVoices: new ListVoices({ voices }),
    createAgent: new CreateAgent(core),
    listAgents: new ListAgents({ uow }),
    getAgent: new GetAgent({ uow }),
    updateAgent: new UpdateAgent({ uow, clock }),
    deleteAgent: new DeleteAgent({ uow }),
    attachNumber: new AttachNumber({ uow }),
    detachNumber: new DetachNumber({ uow }),
    provisionNumber: new ProvisionNumber({
      ...core,
      telephony,
      webhooks: ports.numberWebhooks,
      numberMonthlyPrice: ports.prices.numberMonthly,
    }),
    listNumbers: new ListNumbers({ uow }),
    getNumber: new GetNumber({ uow }),
    releaseNumber: new ReleaseNumber({ uow, clock, telephony }),
    createContact: new CreateContact(core),
    listContacts: new ListContacts({ uow }),
    getContact: new GetContact({ uow }),
    updateContact: new UpdateContact({ uow, clock }),
    deleteContact: new DeleteContact({ uow }),
  };
};
