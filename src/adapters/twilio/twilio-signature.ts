import type { MiddlewareHandler } from 'hono';
import twilio from 'twilio';

/** The form parameters of a verified Twilio webhook (the first value of a repeated name). */
export type TwilioParams = Readonly<Record<string, string>>;

/** What {@link twilioSignatureGuard} puts in the Hono context for the routes after it. */
export interface TwilioWebhookEnv {
  Variables: { twilioParams: TwilioParams };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Whether `signature` (the `X-Twilio-Signature` header) is Twilio's for this request.
 * The signed URL is `publicUrl` (trailing slash ignored) + `path`, the path (with its leading
 * `/`) and query the carrier called, relative to `publicUrl`: with `publicUrl` `https://host/switchboard` and
 * `path` `/twilio/sms?agent=1`, Twilio signed `https://host/switchboard/twilio/sms?agent=1`.
 * `params` are the form parameters, every one of them (Twilio adds new ones without notice).
 */
export const verifyTwilioSignature = (input: {
  readonly authToken: string;
  readonly publicUrl: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string | readonly string[]>>;
  readonly signature: string | null | undefined;
}): boolean => validate(input.authToken, input.signature, `${trimSlash(input.publicUrl)}${input.path}`, input.params);

/**
 * Whether `signature` is Twilio's for a WebSocket it opened (ConversationRelay, Media Streams):
 * Twilio signs the full `wss://` URL, query included, with no parameters.
 */
export const verifyTwilioWebSocketSignature = (input: {
  readonly authToken: string;
  readonly url: string;
  readonly signature: string | null | undefined;
}): boolean => validate(input.authToken, input.signature, input.url, {});

const validate = (
  authToken: string,
  signature: string | null | undefined,
  url: string,
  params: Readonly<Record<string, string | readonly string[]>>,
): boolean => {
  if (!signature) return false;
  try {
    return twilio.validateRequest(authToken, signature, url, params);
  } catch {
    return false; // an unparsable URL is no valid signature
  }
};

/** Options of {@link twilioSignatureGuard}. */
export interface TwilioSignatureGuardOptions {
  readonly authToken: string;
  /**
   * `PUBLIC_URL`: where the Switchboard app's root is reachable from the internet, base path
   * included (`https://host/switchboard`). The numbers' webhook URLs were built from it.
   */
  readonly publicUrl: string;
  /**
   * The start of the request path, as this app sees it, that `publicUrl` already holds.
   * By default, the path of `publicUrl` when the request path starts with it: a host app that
   * mounted Switchboard with `host.route('/switchboard', app)` hands it `/switchboard/twilio/sms`
   * (→ `https://host/switchboard/twilio/sms`), while a proxy or `host.mount()` that strips the
   * prefix hands it `/twilio/sms` (→ the same URL). Set it, `''` for "strip nothing", when that
   * guess could be wrong: a stripping proxy in front of routes that themselves begin with the
   * base path.
   */
  readonly basePathToStrip?: string;
}

const forbidden = { error: { message: 'invalid Twilio signature', code: 'INVALID_SIGNATURE', type: 'authentication_error' } };
const withNul = {
  error: { message: 'a parameter holds a NUL character, which cannot be stored', code: 'INVALID_PARAMETER', type: 'validation_error' },
};

/**
 * PostgreSQL cannot take NUL in any string, and one such text would fail every text stored in
 * the same unit of work. Form and URL decoding turn broken UTF-8 into U+FFFD, so NUL is the only
 * such character a webhook can carry.
 */
const holdsNul = (params: Readonly<Record<string, readonly string[]>>, query: URLSearchParams) =>
  Object.entries(params).some(([name, values]) => name.includes('\u0000') || values.some((v) => v.includes('\u0000'))) ||
  [...query].some(([name, value]) => name.includes('\u0000') || value.includes('\u0000'));

/**
 * Hono middleware for Twilio's webhooks: refuses with 403 a request whose `X-Twilio-Signature`
 * is missing or wrong, with 400 a signed one whose form or query holds NUL, and gives the routes
 * the parsed form as `c.get('twilioParams')`.
 */
export const twilioSignatureGuard = (options: TwilioSignatureGuardOptions): MiddlewareHandler<TwilioWebhookEnv> => {
  const publicUrl = trimSlash(options.publicUrl);
  const basePath = trimSlash(options.basePathToStrip ?? new URL(publicUrl).pathname);
  return async (c, next) => {
    // The raw path and query, not c.req.path: Twilio signed them as it sent them, undecoded.
    const requested = new URL(c.req.url);
    const params = isForm(c.req.header('content-type')) ? formParams(await c.req.text()) : {};
    const signed = verifyTwilioSignature({
      authToken: options.authToken,
      publicUrl,
      path: `${stripBase(requested.pathname, basePath)}${requested.search}`,
      params,
      signature: c.req.header('x-twilio-signature'),
    });
    if (!signed) return c.json(forbidden, 403);
    if (holdsNul(params, requested.searchParams)) return c.json(withNul, 400);
    c.set('twilioParams', Object.fromEntries(Object.entries(params).map(([name, values]) => [name, values[0] ?? ''])));
    await next();
  };
};

const isForm = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

const formParams = (body: string): Record<string, string[]> => {
  const params: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) (params[name] ??= []).push(value);
  return params;
};

const stripBase = (path: string, basePath: string) =>
  basePath !== '' && (path === basePath || path.startsWith(`${basePath}/`)) ? path.slice(basePath.length) : path;
