import { Hono } from 'hono';
import { NONCE, secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { renderApiReferencePage } from './api-reference-page.js';
import { locateScalarBundle } from './scalar-bundle.js';

const PAGE = '/docs';
const DOCUMENT = '/openapi.json';
const SCRIPT = `${PAGE}/scalar.js`;

const COMMON = { strictTransportSecurity: false, xFrameOptions: 'DENY', referrerPolicy: 'no-referrer' } as const;

/**
 * Scalar runs from our copy and styles its components at run time (style attributes and
 * elements without a nonce, hence 'unsafe-inline' for styles only); it fetches the document and
 * sends "try it" requests to this origin. Nothing else is allowed.
 */
const pageHeaders = secureHeaders({
  ...COMMON,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    connectSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  permissionsPolicy: { microphone: [], camera: [], geolocation: [] },
});

/**
 * `GET {base}/openapi.json` (the OpenAPI 3.1 document, written once) and `GET {base}/docs`, the
 * reference rendered from it by Scalar, whose bundle is served at `{base}/docs/scalar.js` from
 * the installed npm package. The bundle's URL carries its version: it may be cached for a year.
 */
export const apiReferenceRoutes = (document: () => unknown): Hono<{ Variables: SecureHeadersVariables }> => {
  const scalar = locateScalarBundle();
  let text: string | null = null;
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  app.get(DOCUMENT, secureHeaders(COMMON), (c) => {
    text ??= JSON.stringify(document());
    return c.body(text, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      // Readable by tools on other origins (code generators, other API browsers): it holds no secret.
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
    });
  });
  app.get(PAGE, pageHeaders, (c) =>
    c.html(
      renderApiReferencePage({
        nonce: c.get('secureHeadersNonce') ?? '',
        scriptPath: `${SCRIPT.slice(1)}?v=${encodeURIComponent(scalar.version)}`,
        documentPath: DOCUMENT.slice(1),
      }),
      200,
      { 'Cache-Control': 'no-store' },
    ),
  );
  app.get(SCRIPT, secureHeaders(COMMON), async (c) =>
    c.body(new Uint8Array(await scalar.read()), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    }),
  );
  return app;
};
