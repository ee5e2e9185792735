import type * as t from 'io-ts';
import { knownErrorCodes } from '../../../application/error-codes.js';
import { MAX_LENGTH } from '../codecs/text.js';
import { httpErrorCodes } from '../error-envelope.js';
import { OPERATIONS, type Operation } from '../operations.js';
import { ErrorEnvelopeView } from '../views/errors.js';

/** A JSON Schema as plain data; the composition root hands in the converter that writes them. */
export type Schema = Readonly<Record<string, unknown>>;

/** io-ts → JSON Schema: what the document is written with, so it says what the codecs check. */
export type SchemaOf = (codec: t.Decoder<unknown, unknown>, options?: { readonly closeExactObjects?: boolean }) => Schema;

/** One event Switchboard POSTs to a webhook: the `webhooks` section of the document. */
export interface WebhookEvent {
  readonly summary: string;
  readonly description: string;
  readonly codec: t.Decoder<unknown, unknown>;
  /** What the receiver answers, when the answer is read (voice turns). */
  readonly answer?: { readonly description: string; readonly codec: t.Decoder<unknown, unknown> };
}

export interface OpenApiOptions {
  readonly schemaOf: SchemaOf;
  /** Where the API is served: `PUBLIC_URL`, the host's base path included. */
  readonly serverUrl: string;
  readonly version: string;
  readonly events: Readonly<Record<string, WebhookEvent>>;
}

/** The error envelope's model (its codec is named `ErrorEnvelope`). */
import { ScenarioCodec } from '../codecs/scenarios.js';

const ERROR_ENVELOPE = { $ref: `#/components/schemas/${ErrorEnvelopeView.name}` } as const;
const API_KEY = 'apiKey';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'No valid API key',
  402: 'Not enough balance',
  403: 'Refused (the project is suspended)',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  413: 'Body too large',
  422: 'Invalid input: `error.details` and `detail` name each field',
  429: 'Too many requests: wait `Retry-After` seconds',
  500: 'Internal error',
  502: 'The carrier failed',
  503: 'Unavailable: retry with backoff',
};

/** Every `error.code` by status, from the application's table and the HTTP layer's own. */
const codesByStatus = (): ReadonlyMap<number, readonly string[]> => {
  const byStatus = new Map<number, string[]>();
  for (const { status, code } of [...knownErrorCodes(), ...httpErrorCodes()]) {
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  return byStatus;
};

const errorResponse = (status: number, codes: ReadonlyMap<number, readonly string[]>) => {
  const named = codes.get(status) ?? [];
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}${named.length ? ` (\`error.code\`: ${named.map((c) => `\`${c}\``).join(', ')})` : ''}`,
    ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
    content: { 'application/json': { schema: ERROR_ENVELOPE } },
  };
};

/** `{agentId}` → the path parameter, described once for every operation that has it. */
const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    description: `The ${name!.replace(/Id$/, '')}'s id`,
    schema: { type: 'string', maxLength: MAX_LENGTH.pathSegment },
  }));

/** A query codec's properties become query parameters; each keeps its schema (range, default, values). */
const queryParameters = (query: Schema | null) => {
  if (!query) return [];
  const properties = (query.properties ?? {}) as Readonly<Record<string, Schema>>;
  const required = new Set((query.required ?? []) as readonly string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
};

/**
 * Statuses every operation of its kind may answer, then its own: every status an operation
 * answers is named, `default` is left to the unexpected (500).
 */
const failureStatuses = (op: Operation): number[] => {
  // A store that cannot be reached is 503 on any operation.
  const statuses = new Set<number>([503]);
  // 404 too: an `X-Sub-Account-Id` that is not a sub-account of the key's project.
  if (op.auth) [401, 403, 404, 429].forEach((s) => statuses.add(s));
  if (op.body || op.query) statuses.add(422);
  if (op.body) [400, 413].forEach((s) => statuses.add(s));
  // An unknown id is 404; one longer than any id (a path segment over its limit) is 422.
  if (op.path.includes('{')) [404, 422].forEach((s) => statuses.add(s));
  for (const status of op.failures ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
};

/** A response codec named like a model (`Agent`, `CallPage`) is written once under `components.schemas`. */
const MODEL_NAME = /^[A-Z][A-Za-z]*$/;

/** Response schemas by model name; the same name for two different codecs is a mistake. */
class Models {
  readonly schemas: Record<string, Schema> = {};
  private readonly codecs = new Map<string, t.Decoder<unknown, unknown>>();

  constructor(private readonly schemaOf: SchemaOf) {}

  /** The schema of what we send: a `$ref` to its model when it has a name, inline otherwise. */
  responseSchema(codec: t.Decoder<unknown, unknown>): Schema {
    const schema = this.schemaOf(codec, { closeExactObjects: true });
    if (!MODEL_NAME.test(codec.name)) return schema;
    const seen = this.codecs.get(codec.name);
    if (seen && seen !== codec) throw new Error(`two response codecs are named ${codec.name}`);
    this.codecs.set(codec.name, codec);
    this.schemas[codec.name] = schema;
    return { $ref: `#/components/schemas/${codec.name}` };
  }
}

const successResponse = (op: Operation, models: Models) => {
  const { success } = op;
  if (success.status === 204) return { description: 'Done; no body' };
  if ('media' in success) return { description: success.description, content: { [success.media]: { schema: { type: 'string' } } } };
  return {
    description: 'OK',
    ...(op.revalidated ? { headers: { ETag: { $ref: '#/components/headers/ETag' } } } : {}),
    content: { 'application/json': { schema: models.responseSchema(success.json) } },
  };
};

/** A list's `If-None-Match` and its 304 (see {@link Operation.revalidated}). */
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An `ETag` of an earlier answer: if the list is still that answer, it is answered 304 with no body.',
  schema: { type: 'string' },
};
/** The header of {@link Operation.idempotent} operations. */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of your choosing (a UUID, say) naming this request: a retry with it answers the first status and body instead of acting again. Per project, kept at least 24 hours; 1 to 255 visible ASCII characters.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};
/** Every authenticated operation's: which sub-account a parent's key acts on. */
const SUB_ACCOUNT = { $ref: '#/components/parameters/SubAccountId' };
const SUB_ACCOUNT_PARAMETER = {
  name: 'X-Sub-Account-Id',
  in: 'header',
  required: false,
  description:
    "Act on this sub-account of the key's project instead of the project itself; the same as calling with the sub-account's own key. An id that is not a sub-account of the key's project (a sibling, the parent, a closed one, a stranger's) is answered 404 `NOT_FOUND`.",
  schema: { type: 'string', maxLength: 100 },
};
const NOT_MODIFIED = { description: 'The list is unchanged since the answer the `If-None-Match` names; no body', headers: { ETag: { $ref: '#/components/headers/ETag' } } };

const operationObject = (id: string, op: Operation, models: Models, schemaOf: SchemaOf, codes: ReadonlyMap<number, readonly string[]>) => {
  const body = op.body ? schemaOf(op.body) : null;
  const bodyRequired = Array.isArray(body?.required) && body.required.length > 0;
  return {
    operationId: id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: op.auth ? [{ [API_KEY]: [] }] : [],
    parameters: [...pathParameters(op.path), ...queryParameters(op.query ? schemaOf(op.query) : null), ...(op.revalidated ? [IF_NONE_MATCH] : []), ...(op.idempotent ? [IDEMPOTENCY_KEY] : []), ...(op.auth ? [SUB_ACCOUNT] : [])],
    ...(body
      ? {
          requestBody: {
            required: bodyRequired,
            content: {
              'application/json': { schema: body },
              ...(op.textBody ? { [op.textBody.media]: { schema: { type: 'string', description: op.textBody.description } } } : {}),
            },
          },
        }
      : {}),
    responses: {
      [String(op.success.status)]: successResponse(op, models),
      ...(op.revalidated ? { '304': NOT_MODIFIED } : {}),
      ...Object.fromEntries(failureStatuses(op).map((status) => [String(status), errorResponse(status, codes)])),
      default: errorResponse(500, codes),
    },
  };
};

const SIGNATURE_HEADERS = {
  'X-Webhook-ID': 'The delivery\'s id, the same on every retry: ignore one you have seen.',
  'X-Webhook-Timestamp': 'When it was sent, in Unix seconds (each retry is signed anew).',
  'X-Webhook-Signature': '`sha256=` and the hex HMAC-SHA256 of `{X-Webhook-Timestamp}.{raw body}`, keyed with the webhook\'s `secret`.',
  'X-Webhook-Event': 'The body\'s `event`.',
};

const webhookObject = (name: string, event: WebhookEvent, schemaOf: SchemaOf) => ({
  post: {
    operationId: `event:${name}`,
    summary: event.summary,
    description: event.description,
    parameters: Object.entries(SIGNATURE_HEADERS).map(([header, description]) => ({
      name: header,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    })),
    requestBody: { required: true, content: { 'application/json': { schema: schemaOf(event.codec, { closeExactObjects: true }) } } },
    responses: {
      '200': event.answer
        ? {
            description: event.answer.description,
            content: {
              'application/json': { schema: schemaOf(event.answer.codec) },
              'application/x-ndjson': { schema: { type: 'string', description: 'One such object per line, spoken as each line arrives.' } },
            },
          }
        : { description: 'Any 2xx acknowledges the event; anything else is retried.' },
    },
  },
});

/**
 * The OpenAPI 3.1 document of the REST API, written from {@link OPERATIONS}: paths, parameters
 * and bodies from the codecs the routes decode with, responses from the codecs their views are
 * typed by, the error envelope and its codes from the application's table, and the events from
 * the outbound event codecs.
 */
export const openApiDocument = (options: OpenApiOptions) => {
  const { schemaOf } = options;
  const codes = codesByStatus();
  const models = new Models(schemaOf);
  // Every failure refers to it: it is a model from the start.
  models.responseSchema(ErrorEnvelopeView);
  // Not a body of any route (yet): the format of scenario files (`switchboard test`), published with the API.
  models.schemas[ScenarioCodec.name] = schemaOf(ScenarioCodec);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, op] of Object.entries(OPERATIONS) as [string, Operation][]) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(id, op, models, schemaOf, codes) };
  }
  const tags = [...new Set(Object.values(OPERATIONS).map((op: Operation) => op.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard REST API',
      version: options.version,
      description:
        'AI phone agents on your own numbers: agents, numbers, calls, texts, contacts, conversations and webhooks. ' +
        'Every `/v1` route takes `Authorization: Bearer <API key>` and is rate-limited per key; a failure answers with the error envelope, its `error.code` listed on each response.',
    },
    servers: [{ url: options.serverUrl }],
    // Every operation needs the API key unless it says otherwise (sign-up, health: `security: []`).
    security: [{ [API_KEY]: [] }],
    tags,
    paths,
    webhooks: Object.fromEntries(Object.entries(options.events).map(([name, event]) => [name, webhookObject(name, event, schemaOf)])),
    components: {
      schemas: models.schemas,
      securitySchemes: {
        [API_KEY]: {
          type: 'http',
          scheme: 'bearer',
          description: 'A project API key (`sk_live_…`): from sign-up, `switchboard create-project`, or the admin console.',
        },
      },
      parameters: { SubAccountId: SUB_ACCOUNT_PARAMETER },
      headers: {
        RetryAfter: { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 1 } },
        ETag: { description: 'The answer\'s validator: send it back as `If-None-Match` to be answered 304 while the list is unchanged.', schema: { type: 'string' } },
      },
    },
  };
};

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
