import { ContainerModule } from 'inversify';
import { Hono } from 'hono';
import { CreditAccount } from '../../application/use-cases/billing/credit-account.js';
import { DebitAccount } from '../../application/use-cases/billing/debit-account.js';
import { FindCall } from '../../application/use-cases/calls/find-call.js';
import { FindConversation } from '../../application/use-cases/conversations/find-conversation.js';
import { GetProject } from '../../application/use-cases/projects/get-project.js';
import { IssueKey } from '../../application/use-cases/api-keys/issue-key.js';
import { ListApiKeys } from '../../application/use-cases/api-keys/list-api-keys.js';
import { ListLedger } from '../../application/use-cases/billing/list-ledger.js';
import { ListProjectDeliveries } from '../../application/use-cases/webhooks/list-project-deliveries.js';
import { ListProjectNumbers } from '../../application/use-cases/numbers/list-project-numbers.js';
import { ListProjectWebhooks } from '../../application/use-cases/webhooks/list-project-webhooks.js';
import { ListProjects } from '../../application/use-cases/projects/list-projects.js';
import { RaiseNumberLimit } from '../../application/use-cases/projects/raise-number-limit.js';
import { SetCallLimit } from '../../application/use-cases/projects/set-call-limit.js';
import { ReactivateProject } from '../../application/use-cases/projects/reactivate-project.js';
import { RedeliverDelivery } from '../../application/use-cases/webhooks/redeliver-delivery.js';
import { RevokeKey } from '../../application/use-cases/api-keys/revoke-key.js';
import { SetRecording } from '../../application/use-cases/projects/set-recording.js';
import { SuspendProject } from '../../application/use-cases/projects/suspend-project.js';
import { createAdminGraphql } from '../../adapters/graphql-admin/create-admin-graphql.js';
import { playgroundRoutes } from '../../adapters/playground/playground-routes.js';
import { clientNetworkResolver } from '../../adapters/rest/client-network.js';
import { credentialGuard } from '../../adapters/rest/credential-guard.js';
import { rateLimited } from '../../adapters/rest/rate-limit.js';
import { simulatedCarrierRoutes } from '../../adapters/rest/simulated-carrier-routes.js';
import { resolveAdminToken } from '../admin-token.js';
import { provideWith } from './provide.js';
import { adminTokenFailuresOf } from './rate-rules.js';
import { TOKENS } from './tokens.js';

/** The operator's side: the admin use cases, the console's token, the GraphQL console and the call playground. */
export const adminModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(
      TOKENS.adminUseCases,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.credentials, TOKENS.deliveryTrigger, TOKENS.eventBus, TOKENS.numberListQuery,
        TOKENS.ledgerQuery, TOKENS.conversationQuery, TOKENS.callQuery, TOKENS.webhookListQuery, TOKENS.projectListQuery, TOKENS.projectQuery,
        TOKENS.apiKeyListQuery, TOKENS.deliveryLogQuery],
      (config, uow, clock, ids, credentials, deliveryTrigger, eventBus, numbers, ledger, conversation, call, webhooks, projects, project, apiKeys, deliveries) => ({
        creditAccount: new CreditAccount({ uow, clock, ids }),
        raiseNumberLimit: new RaiseNumberLimit({ uow, clock }),
        setCallLimit: new SetCallLimit({ uow, clock }),
        issueKey: new IssueKey({ uow, clock, ids, credentials }),
        revokeKey: new RevokeKey({ uow, clock, eventBus }),
        listProjects: new ListProjects({ projects }),
        getProject: new GetProject({ project }),
        listLedger: new ListLedger({ ledger }),
        debitAccount: new DebitAccount({ uow, clock, ids }),
        setRecording: new SetRecording({ uow, clock, ids, recordingMonthlyPrice: config.prices.recordingMonthly }),
        suspendProject: new SuspendProject({ uow, clock, eventBus }),
        reactivateProject: new ReactivateProject({ uow, clock }),
        listApiKeys: new ListApiKeys({ apiKeys }),
        listProjectNumbers: new ListProjectNumbers({ numbers }),
        listProjectWebhooks: new ListProjectWebhooks({ webhooks }),
        listProjectDeliveries: new ListProjectDeliveries({ deliveries }),
        redeliverDelivery: new RedeliverDelivery({ uow, clock, deliveryTrigger }),
        findConversation: new FindConversation({ conversation }),
        findCall: new FindCall({ call }),
      }),
    );
    provide(TOKENS.adminToken, [TOKENS.settings, TOKENS.logger], ({ config, keepsAdminToken }, logger) =>
      resolveAdminToken(config, keepsAdminToken ? 'database' : 'memory', logger),
    );
    // `{base}/admin/graphql`, and `{base}/playground` with the Twilio Voice SDK it loads.
    provide(
      TOKENS.adminConsoleRoutes,
      [TOKENS.settings, TOKENS.useCases, TOKENS.simulatedCalls, TOKENS.adminToken, TOKENS.languageModel, TOKENS.logger, TOKENS.rateLimiter, TOKENS.apiKeyGuard],
      ({ basePath, config }, useCases, simulated, adminToken, languageModel, logger, limiter, apiKeyGuard) => {
        const graphql = createAdminGraphql({ useCases, simulated, adminToken, endpoint: `${basePath}/admin/graphql`, logger });
        const { tokens } = graphql;
        const rule = adminTokenFailuresOf(config);
        const routes = new Hono();
        // Refused admin tokens count per client IP apart from API keys: a console left open elsewhere does not lock out the API.
        routes.use(
          '/admin/graphql',
          credentialGuard({
            credential: 'admin token',
            counter: 'admin-ip',
            failures: { limiter, rule, clientOf: clientNetworkResolver(config.trustProxy) },
            exempt: (c) => tokens.needsNone(c.req.raw),
            check: (c) => Promise.resolve(tokens.accepts(c.req.raw) ? { accepted: true } : { accepted: false, counts: true, answer: tokens.refused() }),
            tooMany: (_, decision) => tokens.tooMany(rateLimited(decision, rule.name)),
          }),
        );
        routes.all('/admin/graphql', (c) => graphql.fetch(c.req.raw));
        // The playground's controls of the simulated carrier (texts in, answering and hanging up calls).
        if (simulated) routes.route('/', simulatedCarrierRoutes({ useCases, simulated, guard: apiKeyGuard }) as unknown as Hono);
        routes.route('/', playgroundRoutes({ simulatedCarrier: simulated !== null, hostedModel: languageModel !== null }));
        return routes;
      },
    );
  });
