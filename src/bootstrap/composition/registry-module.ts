import { ContainerModule } from 'inversify';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** The one registry of use cases, by area: what REST, GraphQL, the carrier's webhooks and embedders call. */
export const registryModule = () =>
  new ContainerModule(({ bind }) => {
    provideWith(bind)(
      TOKENS.useCases,
      [
        TOKENS.projectUseCases,
        TOKENS.subAccountUseCases,
        TOKENS.billingUseCases,
        TOKENS.signUpUseCases,
        TOKENS.agentUseCases,
        TOKENS.numberUseCases,
        TOKENS.contactUseCases,
        TOKENS.suppressionUseCases,
        TOKENS.knowledgeUseCases,
        TOKENS.agentTestUseCases,
        TOKENS.conversationUseCases,
        TOKENS.messageUseCases,
        TOKENS.webhookUseCases,
        TOKENS.callUseCases,
        TOKENS.campaignUseCases,
        TOKENS.adminUseCases,
      ],
      (projects, subAccounts, billing, signUp, agents, numbers, contacts, suppressions, knowledge, agentTests, conversations, messages, webhooks, calls, campaigns, admin) => ({
        projects,
        subAccounts,
        billing,
        signUp,
        agents,
        numbers,
        contacts,
        suppressions,
        knowledge,
        agentTests,
        conversations,
        messages,
        webhooks,
        calls,
        campaigns,
        admin,
      }),
    );
  });
