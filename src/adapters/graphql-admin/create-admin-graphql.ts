import { createHash, timingSafeEqual } from 'node:crypto';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { createYoga, shouldRenderGraphiQL, type GraphiQLOptions } from 'graphql-yoga';
import type { RateLimited } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import { graphqlErrorOf } from './errors.js';
import { renderGraphiqlPage, type GraphiqlPage } from './graphiql-page.js';
import { operationLimitPlugins } from './operation-limits.js';
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
  /** The token check and its answers, for a guard in front of `endpoint` that counts refused tokens. */
  readonly tokens: AdminTokens;
}

export interface AdminTokens {
  /** The GraphiQL page: it needs no token and runs no operation. */
  needsNone(request: Request): boolean;
  accepts(request: Request): boolean;
  /** 401 in the console's envelope. */
  refused(): Response;
  /** 429 in the console's envelope, with Retry-After: the client's failed tokens are spent. */
  tooMany(limited: RateLimited): Response;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

const describe = (args: readonly unknown[]) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');

const EXAMPLE = `# Switchboard admin console
#
# 1. In the Headers pane below, replace
#    <ADMIN_TOKEN> with the admin token:
#    printed at the first start, kept in
#    DATA_DIR/admin-token (by default
#    ./.switchboard/admin-token), or the
#    ADMIN_TOKEN setting.
# 2. Run (Ctrl-Enter) to list the projects.
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

const tooMany = (limited: RateLimited): Response =>
  Response.json({ errors: [graphqlErrorOf(limited).toJSON()] }, { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } });

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
    // Depth, aliases, cost and size of each operation are bounded before it runs.
    plugins: operationLimitPlugins(),
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
  // The page carries the schema, so GraphiQL does not fetch it on load: without the token that
  // fetch could only fail ("Error fetching schema"), and it is not made again once the token is
  // in. The schema is the same on every Switchboard of this version and is published with its
  // source; it says which operations exist, never any data, and every operation still needs the
  // token. (GraphiQL takes an introspection result as its `schema`.) Asked of yoga directly,
  // past the token check, once, when the page is first rendered.
  const introspection = async (): Promise<IntrospectionQuery> => {
    const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, directiveIsRepeatable: true, specifiedByUrl: true });
    const response = await yoga.fetch(
      new Request(`http://switchboard.internal${deps.endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query }),
      }),
    );
    const { data } = (await response.json()) as { data?: IntrospectionQuery };
    if (!data) throw new Error(`the admin schema's introspection failed (${response.status})`);
    return data;
  };
  let page: Promise<GraphiqlPage> | null = null;
  const renderPage = () =>
    (page ??= introspection().then((schema) => renderGraphiqlPage({ ...graphiql, schema } as GraphiQLOptions)).catch((error: unknown) => {
      page = null;
      throw error;
    }));

  return {
    endpoint: deps.endpoint,
    tokens: { needsNone: shouldRenderGraphiQL, accepts: authorised, refused: unauthorized, tooMany },
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
