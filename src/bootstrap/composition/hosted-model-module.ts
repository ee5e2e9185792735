import { ContainerModule } from 'inversify';
import { NodeHttpToolTransport } from '../../adapters/http/node-http-tool-transport.js';
import { guardedFetch } from '../../adapters/http/guarded-fetch.js';
import { McpSdkToolServers } from '../../adapters/mcp-client/mcp-sdk-tool-servers.js';
import { packageVersion } from '../package-version.js';
import { CallAnalyst } from '../../application/hosted/call-analyst.js';
import { CustomToolRunner } from '../../application/hosted/custom-tool-runner.js';
import { HostedBrain } from '../../application/hosted/hosted-brain.js';
import { HostedSmsResponder } from '../../application/hosted/hosted-sms-responder.js';
import { chooseLanguageModel } from '../language-model.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** Hosted mode: the language model, and what answers calls and texts of hosted agents with it. */
export const hostedModelModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    // Said by the standalone server alone (server.ts): a command or a host's core has no use for it.
    provide(TOKENS.languageModel, [TOKENS.config, TOKENS.lifecycle], (config, lifecycle) => {
      const model = chooseLanguageModel(config);
      if (!model) return null;
      return lifecycle.manage('language model connections', model, { stop: () => model.close() });
    });
    provide(TOKENS.toolTransport, [TOKENS.outboundGuard, TOKENS.lifecycle], (guard, lifecycle) => {
      const transport = new NodeHttpToolTransport(guard);
      return lifecycle.manage('custom tool transport', transport, { stop: () => transport.close() });
    });
    provide(TOKENS.customTools, [TOKENS.toolTransport, TOKENS.outboundGuard, TOKENS.jsonSchemas, TOKENS.logger], (transport, targets, schemas, logger) =>
      new CustomToolRunner({ transport, targets, schemas, logger: logger.child({ component: 'custom-tools' }) }),
    );
    provide(TOKENS.mcpToolServers, [TOKENS.outboundGuard, TOKENS.lifecycle], (guard, lifecycle) => {
      const guarded = guardedFetch(guard);
      const servers = new McpSdkToolServers({ fetch: guarded.fetch, clientName: 'switchboard', clientVersion: packageVersion() });
      return lifecycle.manage('MCP tool servers', servers, { stop: () => guarded.close() });
    });
    // The voice engine's clock: a turn's latency figures subtract the brain's moments from the session's.
    provide(
      TOKENS.hostedBrain,
      [TOKENS.config, TOKENS.languageModel, TOKENS.customTools, TOKENS.logger, TOKENS.timers, TOKENS.knowledgeSearch, TOKENS.sendSms, TOKENS.mcpToolServers],
      (config, model, tools, logger, timers, knowledge, texts, mcp) =>
        new HostedBrain({
          model,
          apology: config.hostedApology,
          logger: logger.child({ component: 'voice' }),
          now: () => timers.now(),
          tools,
          knowledge,
          texts,
          mcp,
          ...(config.llm?.tierModels ? { tierModels: config.llm.tierModels } : {}),
        }),
    );
    provide(
      TOKENS.callAnalyst,
      [TOKENS.config, TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.languageModel, TOKENS.jsonSchemas, TOKENS.eventEncoder, TOKENS.deliveryTrigger, TOKENS.logger, TOKENS.tracing, TOKENS.lifecycle],
      (config, uow, clock, ids, model, schemas, eventEncoder, deliveryTrigger, logger, tracing, lifecycle) => {
        const analyst = new CallAnalyst({
          uow,
          tracing,
          clock,
          ids,
          model,
          schemas,
          eventEncoder,
          deliveryTrigger,
          logger: logger.child({ component: 'analysis' }),
          backoffMs: config.analysis?.retryDelayMs,
          pollMs: config.analysis?.pollMs,
          leaseMs: config.analysis?.leaseMs,
        });
        return lifecycle.manage('post-call analysis', analyst, analyst);
      },
    );
    provide(
      TOKENS.hostedReplies,
      [TOKENS.unitOfWork, TOKENS.languageModel, TOKENS.sendSms, TOKENS.customTools, TOKENS.logger, TOKENS.lifecycle],
      (uow, model, sendSms, tools, logger, lifecycle) => {
        const responder = new HostedSmsResponder({ uow, model, sendSms, logger, tools });
        return lifecycle.manage('hosted SMS responder', responder, { stop: () => responder.close() });
      },
    );
  });
