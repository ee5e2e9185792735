import { Hono } from 'hono';
import { NONCE, secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers';
import { renderPlaygroundPage } from './playground-page.js';
import { locateTwilioVoiceSdk } from './twilio-voice-sdk.js';

const PAGE = '/playground';
const TWILIO_SDK = `${PAGE}/twilio-voice-sdk.js`;
const FAVICON = `${PAGE}/favicon.svg`;
/** The page's icon: a handset on the accent colour, small enough to keep inline. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3b5bdb"/>' +
  '<path fill="#fff" d="M22 14c2 0 3 1 4 3l3 7c1 2 0 4-1 5l-3 3c2 5 6 9 11 11l3-3c1-1 3-2 5-1l7 3c2 1 3 2 3 4v5c0 3-2 5-5 5C30 56 8 34 8 19c0-3 2-5 5-5z"/></svg>';

// Where the Twilio Voice SDK talks to (signalling, insights, ringtones); nothing else leaves the origin.
const TWILIO = ['https://*.twilio.com', 'wss://*.twilio.com'];

/** Headers every response here gets; the host's own HSTS choice is left to the host. */
const COMMON = { strictTransportSecurity: false, xFrameOptions: 'DENY', referrerPolicy: 'no-referrer' } as const;

const pageHeaders = secureHeaders({
  ...COMMON,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: [NONCE],
    connectSrc: ["'self'", ...TWILIO],
    mediaSrc: ["'self'", 'blob:', ...TWILIO],
    imgSrc: ["'self'", 'data:'],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  // The caller speaks into the microphone (Twilio calls, Web Speech).
  permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
});

/**
 * The call playground (`/playground`) and the Twilio Voice SDK it loads
 * (`/playground/twilio-voice-sdk.js`, from the installed npm package, so no script comes from
 * elsewhere). The SDK's URL carries its version: it may be cached for a year.
 */
export const playgroundRoutes = (
  server: { readonly simulatedCarrier: boolean; readonly hostedModel: boolean } = { simulatedCarrier: false, hostedModel: false },
): Hono<{ Variables: SecureHeadersVariables }> => {
  const sdk = locateTwilioVoiceSdk();
  const twilioSdkPath = `${TWILIO_SDK}?v=${encodeURIComponent(sdk.version)}`;
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  app.get(PAGE, pageHeaders, (c) =>
    c.html(renderPlaygroundPage({ nonce: c.get('secureHeadersNonce') ?? '', twilioSdkPath, faviconPath: FAVICON.slice(1), ...server }), 200, { 'Cache-Control': 'no-store' }),
  );
  app.get(FAVICON, secureHeaders(COMMON), (c) =>
    c.body(FAVICON_SVG, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }),
  );
  app.get(TWILIO_SDK, secureHeaders(COMMON), async (c) =>
    c.body(new Uint8Array(await sdk.read()), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    }),
  );
  return app;
};
