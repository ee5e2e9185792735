import { createHash, timingSafeEqual } from 'node:crypto';
import { createYoga, shouldRenderGraphiQL, type GraphiQLOptions } from 'graphql-yoga';
import type { Logger } from '../../application/ports/logger.js';
import { renderGraphiqlPage, type GraphiqlPage } from './graphiql-page.js';
import { buildAdminSchema, type AdminSchemaDeps } from './schema/index.js';

export interface AdminGraphqlDeps extends Omit<AdminSchemaDeps, 'deliveryPollMs'> {
  /** The bearer token every request but the GraphiQL page must carry. */
  readonly adminToken: string;
  /** The full path it is served at, base path included (e.g. `/admin/graphql`). */
  readonly endpoint: string;
  readonly logger: Logger;
  readonly deliveryPollMs?: number;
}

export interface AdminGraphql {
  readonly endpoint: string;
  /** Answers every request to `endpoint`: GraphiQL, queries, mutations and SSE subscriptions. */
  fetch(request: Request): Promise<Response>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

const describe = (args: readonly unknown[]) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');

const EXAMPLE = `# Put the admin token into the Headers pane below:
#   {"Authorization": "Bearer <ADMIN_TOKEN>"}
# The token is printed once at the first start
# and kept in DATA_DIR/admin-token (or set ADMIN_TOKEN).
query Projects {
  projects(email: "", limit: 10) {
    total
    items {
      id
      email
      status
      balance
      numberLimit
      usage { activeNumbers chargesThisMonthCents }
    }
  }
}
`;

const unauthorized = () =>
  Response.json(
    { errors: [{ message: 'The admin console needs Authorization: Bearer <ADMIN_TOKEN>', extensions: { code: 'UNAUTHORIZED' } }] },
    { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="switchboard-admin"' } },
  );

/**
 * The operator's GraphQL console (graphql-yoga over a Pothos schema made for this instance).
 * Every request needs `Authorization: Bearer <ADMIN_TOKEN>` except the GraphiQL page itself,
 * which is rendered here (bundled, so it works offline) and never runs an operation.
 */
export const createAdminGraphql = (deps: AdminGraphqlDeps): AdminGraphql => {
  const log = deps.logger.child({ component: 'admin-graphql' });
  const expected = digest(deps.adminToken);
  const authorised = (request: Request) => {
    const given = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
  const yoga = createYoga({
    schema: buildAdminSchema({ ...deps, deliveryPollMs: deps.deliveryPollMs ?? 1000 }),
    graphqlEndpoint: deps.endpoint,
    graphiql: false,
    landingPage: false,
    // Unexpected errors reach the client masked; the log keeps what they were.
    logging: {
      debug: () => undefined,
      info: () => undefined,
      warn: (...args: unknown[]) => log.warn({ detail: describe(args) }, 'admin graphql warning'),
      error: (...args: unknown[]) => log.error({ detail: describe(args) }, 'admin graphql error'),
    },
  });
  const graphiql: GraphiQLOptions = {
    title: 'Switchboard admin',
    endpoint: deps.endpoint,
    subscriptionsProtocol: 'SSE',
    defaultQuery: EXAMPLE,
    headers: JSON.stringify({ Authorization: 'Bearer <ADMIN_TOKEN>' }, null, 2),
    // The headers hold the admin token: gone with the tab, never written to local storage.
    shouldPersistHeaders: false,
    defaultEditorToolsVisibility: 'headers',
  };
  let page: Promise<GraphiqlPage> | null = null;
  const renderPage = () =>
    (page ??= renderGraphiqlPage(graphiql).catch((error: unknown) => {
      page = null;
      throw error;
    }));

  return {
    endpoint: deps.endpoint,
    fetch: async (request) => {
      if (shouldRenderGraphiQL(request)) {
        const { html, headers } = await renderPage();
        return new Response(html, { headers });
      }
      if (!authorised(request)) return unauthorized();
      return yoga.fetch(request);
    },
  };
};
