import { ContainerModule } from 'inversify';
import { AddSuppressions } from '../../application/use-cases/suppressions/add-suppressions.js';
import { ListSuppressions } from '../../application/use-cases/suppressions/list-suppressions.js';
import { RemoveSuppression } from '../../application/use-cases/suppressions/remove-suppression.js';
import { ListAuditEvents } from '../../application/use-cases/audit/list-audit-events.js';
import { AjvJsonSchemaValidator } from '../../adapters/ajv/ajv-json-schema-validator.js';
import { AttachNumber } from '../../application/use-cases/agents/attach-number.js';
import { CreateAgent } from '../../application/use-cases/agents/create-agent.js';
import { DeleteAgent } from '../../application/use-cases/agents/delete-agent.js';
import { DetachNumber } from '../../application/use-cases/agents/detach-number.js';
import { GetAgent } from '../../application/use-cases/agents/get-agent.js';
import { ListAgents } from '../../application/use-cases/agents/list-agents.js';
import { ListVoices } from '../../application/use-cases/agents/list-voices.js';
import { UpdateAgent } from '../../application/use-cases/agents/update-agent.js';
import { GetDailyUsage } from '../../application/use-cases/billing/get-daily-usage.js';
import { GetMonthlyUsage } from '../../application/use-cases/billing/get-monthly-usage.js';
import { GetUsageBreakdown } from '../../application/use-cases/billing/get-usage-breakdown.js';
import { GetUsage } from '../../application/use-cases/billing/get-usage.js';
import { CreateContact } from '../../application/use-cases/contacts/create-contact.js';
import { DeleteContact } from '../../application/use-cases/contacts/delete-contact.js';
import { GetContact } from '../../application/use-cases/contacts/get-contact.js';
import { ListContacts } from '../../application/use-cases/contacts/list-contacts.js';
import { UpdateContact } from '../../application/use-cases/contacts/update-contact.js';
import { GetNumber } from '../../application/use-cases/numbers/get-number.js';
import { ListNumbers } from '../../application/use-cases/numbers/list-numbers.js';
import { ProvisionNumber } from '../../application/use-cases/numbers/provision-number.js';
import { LookupNumber } from '../../application/use-cases/numbers/lookup-number.js';
import { PreviewNumberPurchase } from '../../application/use-cases/numbers/preview-number-purchase.js';
import { ReleaseNumber } from '../../application/use-cases/numbers/release-number.js';
import { CachedApiKeyAuthentication } from '../../application/use-cases/api-keys/cached-authenticate-api-key.js';
import { AuthenticateApiKey } from '../../application/use-cases/api-keys/authenticate-api-key.js';
import { CreateProject } from '../../application/use-cases/projects/create-project.js';
import { CloseSubAccount } from '../../application/use-cases/sub-accounts/close-sub-account.js';
import { CreateSubAccount } from '../../application/use-cases/sub-accounts/create-sub-account.js';
import { GetSubAccount } from '../../application/use-cases/sub-accounts/get-sub-account.js';
import { IssueSubAccountKey } from '../../application/use-cases/sub-accounts/issue-sub-account-key.js';
import { ListSubAccounts } from '../../application/use-cases/sub-accounts/list-sub-accounts.js';
import { ResolveActingProject } from '../../application/use-cases/sub-accounts/resolve-acting-project.js';
import { UpdateSubAccount } from '../../application/use-cases/sub-accounts/update-sub-account.js';
import { conversationSupportOf } from '../conversation-config.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';
import { ImportContacts } from '../../application/use-cases/contacts/import-contacts.js';
import { GetOutboundSettings } from '../../application/use-cases/projects/get-outbound-settings.js';
import { SetOutboundSettings } from '../../application/use-cases/projects/set-outbound-settings.js';
import { nodeRecordingDisclosure } from './settings.js';

/** The customer's account: projects and their keys, usage, agents, numbers and contacts. */
export const projectsAndAgentsModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(
      TOKENS.projectUseCases,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.eventBus, TOKENS.timeZoneCalendar],
      async (config, uow, clock, ids, credentials, eventBus, calendar) => {
        // Accepted keys are remembered briefly; revocations and suspensions reach every process's
        // cache through the event bus (subscribed before the first request can be served).
        const authenticateApiKey = new CachedApiKeyAuthentication({ authenticate: new AuthenticateApiKey({ uow, credentials }), credentials, clock });
        await eventBus.subscribeAccess((event) => authenticateApiKey.forget(event));
        return {
          authenticateApiKey,
          resolveActingProject: new ResolveActingProject({ uow }),
          createProject: new CreateProject({ uow, clock, ids, credentials, signupCredit: config.prices.signupCredit }),
          getOutboundSettings: new GetOutboundSettings({ uow, nodeAttemptCap: config.attemptCap ?? null, nodeRecordingDisclosure: nodeRecordingDisclosure(config) }),
          setOutboundSettings: new SetOutboundSettings({ uow, clock, calendar, nodeAttemptCap: config.attemptCap ?? null, nodeRecordingDisclosure: nodeRecordingDisclosure(config) }),
        };
      },
    );
    provide(TOKENS.subAccountUseCases, [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.eventBus], (uow, clock, ids, credentials, eventBus) => ({
      createSubAccount: new CreateSubAccount({ uow, clock, ids, credentials }),
      listSubAccounts: new ListSubAccounts({ uow }),
      getSubAccount: new GetSubAccount({ uow }),
      updateSubAccount: new UpdateSubAccount({ uow, clock }),
      closeSubAccount: new CloseSubAccount({ uow, clock, eventBus }),
      issueSubAccountKey: new IssueSubAccountKey({ uow, clock, ids, credentials }),
    }));
    provide(TOKENS.jsonSchemas, [], () => new AjvJsonSchemaValidator());
    provide(TOKENS.billingUseCases, [TOKENS.unitOfWork, TOKENS.clock, TOKENS.usageQuery, TOKENS.timeZoneCalendar], (uow, clock, usage, calendar) => ({
      getUsage: new GetUsage({ uow, clock }),
      getDailyUsage: new GetDailyUsage({ uow, clock, usage, calendar }),
      getMonthlyUsage: new GetMonthlyUsage({ uow, clock, usage, calendar }),
      getUsageBreakdown: new GetUsageBreakdown({ uow, clock, usage, calendar }),
    }));
    provide(
      TOKENS.agentUseCases,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.voiceCatalog, TOKENS.outboundGuard, TOKENS.jsonSchemas, TOKENS.agentPageQuery, TOKENS.agentQuery],
      (config, uow, clock, ids, voices, targets, schemas, agents, agent) => ({
        listVoices: new ListVoices({ voices }),
        createAgent: new CreateAgent({ uow, clock, ids, checks: { targets, schemas }, voices }),
        listAgents: new ListAgents({ agents }),
        getAgent: new GetAgent({ agent }),
        updateAgent: new UpdateAgent({ uow, clock, checks: { targets, schemas }, voices }),
        deleteAgent: new DeleteAgent({ uow }),
        attachNumber: new AttachNumber({ uow }),
        detachNumber: new DetachNumber({ uow }),
        conversationSupport: conversationSupportOf(config),
      }),
    );
    provide(
      TOKENS.numberUseCases,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.telephony, TOKENS.numberWebhooks, TOKENS.numberingPlan, TOKENS.carrierLookup, TOKENS.numberListQuery, TOKENS.senderPool],
      (config, uow, clock, ids, telephony, webhooks, plan, carrier, numbers, senderPool) => ({
        provisionNumber: new ProvisionNumber({ uow, clock, ids, telephony, webhooks, numberMonthlyPrice: config.prices.numberMonthly, senderPool }),
        previewNumberPurchase: new PreviewNumberPurchase({ uow, telephony, numberMonthlyPrice: config.prices.numberMonthly }),
        lookupNumber: new LookupNumber({ uow, clock, ids, plan, carrier, price: config.prices.numberLookup }),
        listNumbers: new ListNumbers({ numbers }),
        getNumber: new GetNumber({ uow }),
        releaseNumber: new ReleaseNumber({ uow, clock, telephony }),
      }),
    );
    provide(TOKENS.contactUseCases, [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.contactListQuery], (uow, clock, ids, contacts) => ({
      createContact: new CreateContact({ uow, clock, ids }),
      listContacts: new ListContacts({ contacts }),
      getContact: new GetContact({ uow }),
      updateContact: new UpdateContact({ uow, clock, ids }),
      deleteContact: new DeleteContact({ uow }),
      importContacts: new ImportContacts({ uow, clock, ids }),
    }));
    provide(TOKENS.suppressionUseCases, [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.auditEventQuery], (uow, clock, ids, auditEvents) => ({
      listSuppressions: new ListSuppressions({ uow }),
      addSuppressions: new AddSuppressions({ uow, clock, ids }),
      removeSuppression: new RemoveSuppression({ uow, clock, ids }),
      listAuditEvents: new ListAuditEvents({ auditEvents }),
    }));
  });
