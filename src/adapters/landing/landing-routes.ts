import { Hono } from 'hono';
import { NONCE, secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { renderLandingPage, type RunningSummary } from './landing-page.js';

export type { RunningSummary };

const pageHeaders = secureHeaders({
  strictTransportSecurity: false,
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    styleSrc: [NONCE],
    imgSrc: ["'self'", 'data:'],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * `GET {base}/`: a page saying what runs and linking to the playground, the admin console, the
 * API reference, the OpenAPI document and health. Only that path, with and without the slash
 * after a base path (a host mounting `/switchboard/…` hands on `/switchboard/`): everything else
 * falls through to the routes mounted after it. Mount it at the root: its paths hold the base.
 */
export const landingRoutes = (options: { readonly basePath: string; readonly running: RunningSummary }): Hono<{ Variables: SecureHeadersVariables }> => {
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  const paths = options.basePath ? [options.basePath, `${options.basePath}/`] : ['/'];
  for (const path of paths) {
    app.get(path, pageHeaders, (c) =>
      c.html(renderLandingPage({ nonce: c.get('secureHeadersNonce') ?? '', basePath: options.basePath, running: options.running }), 200, {
        'Cache-Control': 'no-store',
      }),
    );
  }
  return app;
};
