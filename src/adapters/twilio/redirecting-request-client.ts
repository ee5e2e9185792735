import twilio from 'twilio';

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

/**
 * The SDK's HTTP client with every call sent to `apiUrl` instead of Twilio's hosts
 * (`https://api.twilio.com`, `https://messaging.twilio.com`, edge and region hosts alike):
 * the origin is replaced, the path and query are kept. A path in `apiUrl` is put in front
 * of the Twilio path, so `http://127.0.0.1:4010/twilio` serves `/twilio/2010-04-01/…`.
 * Used for a local fake of the REST API or a recording proxy (`TWILIO_API_URL`).
 */
export class RedirectingRequestClient extends twilio.RequestClient {
  private readonly target: URL;

  constructor(apiUrl: string, options?: ConstructorParameters<typeof twilio.RequestClient>[0]) {
    super(options);
    this.target = new URL(apiUrl);
  }

  override request<TData>(opts: RequestOptions & { data?: TData }) {
    return super.request<TData>({ ...opts, uri: this.redirect(opts.uri) });
  }

  /** `https://api.twilio.com/2010-04-01/X.json?a=1` → `<apiUrl>/2010-04-01/X.json?a=1`. */
  redirect(uri: string): string {
    return redirectTo(this.target, uri);
  }
}

/** `uri` sent to `target` instead: its origin replaced, `target`'s path put in front of its own, its query kept. */
export const redirectTo = (target: URL, uri: string): string => {
  const original = new URL(uri);
  const prefix = target.pathname.replace(/\/+$/, '');
  return `${target.origin}${prefix}${original.pathname}${original.search}`;
};
