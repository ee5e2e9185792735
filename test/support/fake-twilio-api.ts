import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A form or query value: repeated names (`MediaUrl`) become arrays. */
export type WireValue = string | string[];

/** One request as the fake received it. */
export interface RecordedRequest {
  readonly endpoint: string | null;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, WireValue>;
  readonly form: Record<string, WireValue>;
  readonly authorization: string | null;
}

/** An error as Twilio states it: HTTP status plus the JSON body the SDK reads into `RestException`. */
export interface TwilioErrorReply {
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

export interface Reply {
  readonly status: number;
  /** Sent as JSON, except bytes (media such as a recording), sent as they are with `contentType`. */
  readonly body?: unknown;
  readonly contentType?: string;
}

export interface EndpointRequest {
  readonly accountSid: string;
  /** Named groups of the endpoint's path pattern. */
  readonly params: Record<string, string>;
  readonly query: Record<string, WireValue>;
  readonly form: Record<string, WireValue>;
}

/** A number the fake offers in searches. */
export interface StockedNumber {
  readonly phoneNumber: string;
  readonly locality?: string;
  readonly region?: string;
}

interface Endpoint {
  readonly name: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly handle: (request: EndpointRequest) => Reply;
}

const API = '/2010-04-01/Accounts/(?<accountSid>AC[0-9a-fA-F]{32})';
const hex32 = () => randomBytes(16).toString('hex');
const single = (value: WireValue | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The Twilio REST API on a local port, for the SDK pointed at it (`TWILIO_API_URL`).
 * It records every request, keeps the numbers bought on it, answers with Twilio's JSON
 * shapes, and fails the next call of an endpoint on demand. Later resources (Calls.json,
 * Recordings…) join with {@link FakeTwilioApi.addEndpoint}.
 */
export class FakeTwilioApi {
  /** Every request, oldest first. */
  readonly requests: RecordedRequest[] = [];
  /** Numbers held on the account, by `PN…` sid. */
  readonly incomingNumbers = new Map<string, Record<string, unknown>>();
  /** Messages sent, by `SM…` sid. */
  readonly messages = new Map<string, Record<string, unknown>>();
  private readonly endpoints: Endpoint[] = [];
  private readonly failures = new Map<string, TwilioErrorReply>();
  private readonly stock = new Map<string, readonly StockedNumber[]>();
  private server: Server | null = null;
  url = '';
  /** Told of each request once recorded, before it is answered (a test may kill the requester right then). */
  onRequest: ((request: RecordedRequest) => void) | null = null;

  constructor(private readonly credentials: { readonly accountSid: string; readonly authToken: string }) {
    this.addEndpoint('searchLocal', 'GET', `${API}/AvailablePhoneNumbers/(?<country>[A-Z]{2})/Local\\.json`, (r) => this.searchLocal(r));
    this.addEndpoint('purchaseNumber', 'POST', `${API}/IncomingPhoneNumbers\\.json`, (r) => this.purchaseNumber(r));
    this.addEndpoint('updateNumber', 'POST', `${API}/IncomingPhoneNumbers/(?<sid>PN\\w+)\\.json`, (r) => this.updateNumber(r));
    this.addEndpoint('releaseNumber', 'DELETE', `${API}/IncomingPhoneNumbers/(?<sid>PN\\w+)\\.json`, (r) => this.releaseNumber(r));
    this.addEndpoint('createMessage', 'POST', `${API}/Messages\\.json`, (r) => this.createMessage(r));
    this.addEndpoint('listMessages', 'GET', `${API}/Messages\\.json`, (r) => this.listMessages(r));
    this.addEndpoint('lookupNumber', 'GET', '/v2/PhoneNumbers/(?<number>[^/]+)', (r) => this.lookupNumber(r));
  }

  /** What Lookup's Line Type Intelligence says of numbers, by E.164; unlisted ones are `unknown`. */
  readonly lines = new Map<string, { readonly type: string; readonly carrierName: string | null }>();

  /** Starts a fake on a free port of 127.0.0.1. */
  static async start(credentials: { readonly accountSid: string; readonly authToken: string }): Promise<FakeTwilioApi> {
    const fake = new FakeTwilioApi(credentials);
    await fake.listen();
    return fake;
  }

  /** Serves `method` on paths matching `pattern` (a regular expression source, anchored, with named groups). */
  addEndpoint(name: string, method: string, pattern: string, handle: (request: EndpointRequest) => Reply): void {
    this.endpoints.push({ name, method, pattern: new RegExp(`^${pattern}$`), handle });
  }

  /** The next call of `endpoint` gets this Twilio error instead of its answer. */
  failNext(endpoint: string, error: TwilioErrorReply): void {
    this.failures.set(endpoint, error);
  }

  /** What searches in `country` find; by default, fictional 555-01XX numbers in the asked area code. */
  stockNumbers(country: string, numbers: readonly StockedNumber[]): void {
    this.stock.set(country, numbers);
  }

  /** The requests of one endpoint, oldest first. */
  requestsTo(endpoint: string): RecordedRequest[] {
    return this.requests.filter((r) => r.endpoint === endpoint);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  }

  private async listen(): Promise<void> {
    const server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const method = (req.method ?? 'GET').toUpperCase();
    const query = wireValues(url.searchParams);
    const form = wireValues(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const match = this.endpoints
      .map((endpoint) => ({ endpoint, groups: endpoint.method === method ? endpoint.pattern.exec(url.pathname)?.groups : undefined }))
      .find((m) => m.groups !== undefined);
    this.requests.push({
      endpoint: match?.endpoint.name ?? null,
      method,
      path: url.pathname,
      query,
      form,
      authorization: req.headers.authorization ?? null,
    });
    this.onRequest?.(this.requests[this.requests.length - 1]!);
    const reply = this.answer(req.headers.authorization, match?.endpoint, match?.groups ?? {}, query, form);
    if (reply.body === undefined) {
      res.writeHead(reply.status).end();
      return;
    }
    if (reply.body instanceof Uint8Array) {
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/octet-stream' }).end(reply.body);
      return;
    }
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' }).end(JSON.stringify(reply.body));
  }

  private answer(
    authorization: string | undefined,
    endpoint: Endpoint | undefined,
    params: Record<string, string>,
    query: Record<string, WireValue>,
    form: Record<string, WireValue>,
  ): Reply {
    const expected = `Basic ${Buffer.from(`${this.credentials.accountSid}:${this.credentials.authToken}`).toString('base64')}`;
    if (authorization !== expected) return twilioError({ status: 401, code: 20003, message: 'Authenticate' });
    if (!endpoint) return twilioError({ status: 404, code: 20404, message: 'The requested resource was not found' });
    // Lookup's paths carry no account; the credentials name it.
    if ('accountSid' in params && params.accountSid !== this.credentials.accountSid) {
      return twilioError({ status: 403, code: 20003, message: 'Permission denied: the account is not the authenticated one' });
    }
    const failure = this.failures.get(endpoint.name);
    if (failure) {
      this.failures.delete(endpoint.name);
      return twilioError(failure);
    }
    return endpoint.handle({ accountSid: this.credentials.accountSid, params, query, form });
  }

  private accountUri(accountSid: string, rest: string) {
    return `/2010-04-01/Accounts/${accountSid}/${rest}`;
  }

  private lookupNumber({ params, query }: EndpointRequest): Reply {
    const number = decodeURIComponent(params.number!);
    const line = this.lines.get(number);
    const fields = String(single(query.Fields) ?? '').split(',');
    return {
      status: 200,
      body: {
        calling_country_code: '1',
        country_code: 'US',
        phone_number: number,
        national_format: number,
        valid: true,
        validation_errors: [],
        caller_name: null,
        line_type_intelligence: fields.includes('line_type_intelligence')
          ? { type: line?.type ?? 'unknown', carrier_name: line?.carrierName ?? null, mobile_country_code: null, mobile_network_code: null, error_code: null }
          : null,
        url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
      },
    };
  }

  private searchLocal({ accountSid, params, query }: EndpointRequest): Reply {
    const country = params.country!;
    const areaCode = single(query.AreaCode);
    const pageSize = Number(single(query.PageSize) ?? 50);
    const stocked: readonly StockedNumber[] =
      this.stock.get(country) ??
      Array.from({ length: 100 }, (_, line) => ({ phoneNumber: `+1${areaCode ?? (country === 'CA' ? '604' : '415')}55501${String(line).padStart(2, '0')}` }));
    const held = new Set([...this.incomingNumbers.values()].map((n) => n.phone_number));
    const found = stocked
      .filter((n) => !held.has(n.phoneNumber) && (areaCode === undefined || n.phoneNumber.startsWith(`+1${areaCode}`)))
      .slice(0, pageSize);
    const uri = this.accountUri(accountSid, `AvailablePhoneNumbers/${country}/Local.json`);
    return {
      status: 200,
      body: {
        available_phone_numbers: found.map((n) => ({
          friendly_name: `(${n.phoneNumber.slice(2, 5)}) ${n.phoneNumber.slice(5, 8)}-${n.phoneNumber.slice(8)}`,
          phone_number: n.phoneNumber,
          lata: null,
          locality: n.locality ?? null,
          rate_center: null,
          latitude: null,
          longitude: null,
          region: n.region ?? null,
          postal_code: null,
          iso_country: country,
          address_requirements: 'none',
          beta: false,
          capabilities: { voice: true, SMS: true, MMS: true },
        })),
        uri,
        page: 0,
        page_size: pageSize,
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
      },
    };
  }

  private purchaseNumber({ accountSid, form }: EndpointRequest): Reply {
    const phoneNumber = single(form.PhoneNumber);
    if (!phoneNumber) return twilioError({ status: 400, code: 21421, message: 'PhoneNumber is invalid' });
    if ([...this.incomingNumbers.values()].some((n) => n.phone_number === phoneNumber)) {
      return twilioError({ status: 400, code: 21422, message: 'PhoneNumber is not available' });
    }
    const sid = `PN${hex32()}`;
    const now = new Date().toUTCString();
    const number: Record<string, unknown> = {
      sid,
      account_sid: accountSid,
      phone_number: phoneNumber,
      capabilities: { voice: true, sms: true, mms: true, fax: false },
      status: 'in-use',
      origin: 'twilio',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      uri: this.accountUri(accountSid, `IncomingPhoneNumbers/${sid}.json`),
      ...numberSettings(form, { friendly_name: phoneNumber }),
    };
    this.incomingNumbers.set(sid, number);
    return { status: 201, body: number };
  }

  private updateNumber({ params, form }: EndpointRequest): Reply {
    const number = this.incomingNumbers.get(params.sid!);
    if (!number) return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    Object.assign(number, numberSettings(form, number), { date_updated: new Date().toUTCString() });
    return { status: 200, body: number };
  }

  private releaseNumber({ params }: EndpointRequest): Reply {
    if (!this.incomingNumbers.delete(params.sid!)) {
      return twilioError({ status: 404, code: 20404, message: `The requested resource ${params.sid} was not found` });
    }
    return { status: 204 };
  }

  /** Newest first, filtered by `To` and `From` as Twilio's list is; one page. */
  private listMessages({ accountSid, query }: EndpointRequest): Reply {
    const to = single(query.To);
    const from = single(query.From);
    const pageSize = Number(single(query.PageSize) ?? 50);
    const found = [...this.messages.values()]
      .filter((m) => (to === undefined || m.to === to) && (from === undefined || m.from === from))
      .reverse()
      .slice(0, pageSize);
    const uri = this.accountUri(accountSid, 'Messages.json');
    return {
      status: 200,
      body: { messages: found, uri, page: 0, page_size: pageSize, first_page_uri: uri, next_page_uri: null, previous_page_uri: null },
    };
  }

  private createMessage({ accountSid, form }: EndpointRequest): Reply {
    const to = single(form.To);
    const from = single(form.From);
    if (!to) return twilioError({ status: 400, code: 21604, message: "A 'To' phone number is required." });
    if (!from) return twilioError({ status: 400, code: 21603, message: "A 'From' phone number is required." });
    const media = form.MediaUrl === undefined ? [] : [form.MediaUrl].flat();
    const sid = `SM${hex32()}`;
    const now = new Date().toUTCString();
    const message: Record<string, unknown> = {
      sid,
      account_sid: accountSid,
      from,
      to,
      body: single(form.Body) ?? '',
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: String(media.length),
      messaging_service_sid: null,
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: this.accountUri(accountSid, `Messages/${sid}.json`),
      subresource_uris: { media: this.accountUri(accountSid, `Messages/${sid}/Media.json`) },
    };
    this.messages.set(sid, message);
    return { status: 201, body: message };
  }
}

/** Twilio's error answer: `{code, message, more_info, status}`. */
export const twilioError = (error: TwilioErrorReply): Reply => ({
  status: error.status,
  body: { code: error.code, message: error.message, more_info: `https://www.twilio.com/docs/errors/${error.code}`, status: error.status },
});

const NUMBER_SETTINGS: Readonly<Record<string, string>> = {
  SmsUrl: 'sms_url',
  SmsMethod: 'sms_method',
  VoiceUrl: 'voice_url',
  VoiceMethod: 'voice_method',
  StatusCallback: 'status_callback',
  StatusCallbackMethod: 'status_callback_method',
  FriendlyName: 'friendly_name',
};

const SETTING_DEFAULTS: Readonly<Record<string, unknown>> = {
  sms_url: '',
  sms_method: 'POST',
  voice_url: null,
  voice_method: 'POST',
  status_callback: '',
  status_callback_method: 'POST',
};

// As on Twilio: a setting left out keeps its value; a new number starts with the defaults.
const numberSettings = (form: Record<string, WireValue>, current: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(NUMBER_SETTINGS).map(([wire, key]) => [key, single(form[wire]) ?? current[key] ?? SETTING_DEFAULTS[key] ?? null]),
  );

const wireValues = (params: URLSearchParams): Record<string, WireValue> => {
  const values: Record<string, WireValue> = {};
  for (const [name, value] of params) {
    const seen = values[name];
    values[name] = seen === undefined ? value : [seen, value].flat();
  }
  return values;
};
