import { ContainerModule } from 'inversify';
import { Hono } from 'hono';
import type * as t from 'io-ts';
import { jsonSchemaOf } from '../../adapters/json-schema/io-ts-json-schema.js';
import { McpSessions, MCP_TOOLS, type Caller } from '../../adapters/mcp/index.js';
import { clientNetworkResolver } from '../../adapters/rest/client-network.js';
import type { RestEnv } from '../../adapters/rest/env.js';
import { requestId } from '../../adapters/rest/request-id.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** Reported to MCP clients as the server's version. */
const SERVER_VERSION = '0.1.0';

/**
 * The MCP server over Streamable HTTP: `/mcp` with the project's API key as bearer token
 * (REST's guard: its failed-key limit per IP and its per-key rate limit, counted together with
 * the key's REST requests), and `/mcp/sign-up` without a key, for sign-up and
 * verification alone (their per-IP and per-address limits are the use cases' own, as on REST).
 */
export const mcpModule = () =>
  new ContainerModule(({ bind }) => {
    provideWith(bind)(
      TOKENS.mcpRoutes,
      [TOKENS.config, TOKENS.useCases, TOKENS.logger, TOKENS.apiKeyGuard, TOKENS.clock, TOKENS.lifecycle],
      (config, useCases, logger, guard, clock, lifecycle) => {
        const sessions = new McpSessions({
          useCases,
          tools: MCP_TOOLS,
          inputSchemaOf: (codec: t.Mixed) => ({ ...jsonSchemaOf(codec) }),
          version: SERVER_VERSION,
          logger: logger.child({ component: 'mcp' }),
          clock,
        });
        const clientOf = clientNetworkResolver(config.trustProxy);

        const app = new Hono<RestEnv>();
        app.use('/mcp', requestId(logger));
        app.use('/mcp/sign-up', requestId(logger));
        app.all('/mcp/sign-up', (c) => {
          const caller: Caller = { projectId: null, keyId: null, clientIp: clientOf(c) };
          return sessions.handle(c.req.raw, caller, 'public');
        });
        app.use('/mcp', guard);
        app.all('/mcp', (c) => {
          const { projectId, keyId } = c.get('principal');
          return sessions.handle(c.req.raw, { projectId, keyId, clientIp: clientOf(c) }, 'project');
        });
        return lifecycle.manage('MCP sessions', app as unknown as Hono, { stop: () => sessions.close() });
      },
    );
  });
