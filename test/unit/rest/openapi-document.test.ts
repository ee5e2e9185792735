import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { OPERATIONS } from '../../../src/adapters/rest/operations.js';
import { createRestApi } from '../../../src/adapters/rest/rest-api.js';
import { knownErrorCodes } from '../../../src/application/error-codes.js';
import type { UseCases } from '../../../src/application/use-cases/index.js';
import { openApiDocumentFor } from '../../../src/bootstrap/composition/api-reference.js';

const document = openApiDocumentFor('https://voice.example.com/switchboard');
// Read as plain JSON, as a client would: paths and webhooks by name, whatever they hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = JSON.parse(JSON.stringify(document)) as any;

/** `/v1/agents/:id` and `/v1/agents/{agentId}` both as `/v1/agents/{}`. */
const shape = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');

// The handlers are not run: mounting reads no use case.
const restApi = () => createRestApi({ useCases: {} as UseCases, logger: silentLogger(), health: async () => true });

/** What a REST app mounts: method and path of every route, middleware and the fallback aside. */
const mountedRoutes = (api: ReturnType<typeof restApi>): string[] =>
  [...new Set(api.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${shape(route.path)}`))].sort();

const documented = (): string[] =>
  Object.entries(json.paths as Record<string, object>)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`))
    .sort();

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(json as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(json.openapi).toBe('3.1.0');
  });

  it('has an operation for every mounted route, and a mounted route for every operation', () => {
    const mounted = mountedRoutes(restApi());
    expect(mounted.length).toBeGreaterThan(40);
    expect(documented()).toEqual(mounted);
  });

  it('tells a route mounted without an operation apart', () => {
    const api = restApi();
    api.get('/v1/undocumented/:id', (c) => c.json({}));
    expect(mountedRoutes(api).filter((route) => !documented().includes(route))).toEqual(['GET /v1/undocumented/{}']);
  });

  it('names the public URL, the host base path included, as its server', () => {
    expect(json.servers).toEqual([{ url: 'https://voice.example.com/switchboard' }]);
  });

  it('asks for the bearer key on every /v1 operation and lists what a limited or refused client gets', () => {
    expect(json.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, item] of Object.entries(json.paths as Record<string, object>)) {
      for (const operation of Object.values(item) as { security: unknown[]; responses: Record<string, { headers?: object }> }[]) {
        if (!path.startsWith('/v1/')) {
          expect(operation.security).toEqual([]);
          continue;
        }
        expect(operation.security).toEqual([{ apiKey: [] }]);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429', 'default']));
        expect(operation.responses['429']!.headers).toHaveProperty('Retry-After');
      }
    }
  });

  it('names every error code of the application on the responses that carry it', () => {
    const text = JSON.stringify(json.paths);
    for (const { code } of knownErrorCodes()) expect(text).toContain(`\`${code}\``);
    expect(json.components.schemas.ErrorEnvelope).toMatchObject({ type: 'object', required: ['error', 'detail'], additionalProperties: false });
  });

  it('describes bodies and queries with the codecs the routes decode with', () => {
    const createAgent = json.paths['/v1/agents'].post;
    expect(createAgent.requestBody?.content['application/json'].schema).toMatchObject({
      required: ['name'],
      properties: { name: { type: 'string', maxLength: 200 } },
    });
    const limit = json.paths['/v1/numbers/{numberId}/messages'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } });
    expect(Object.keys(OPERATIONS)).toContain('streamTranscript');
  });

  it('takes an Idempotency-Key on POST /v1/messages and names its refusals', () => {
    const send = json.paths['/v1/messages'].post;
    expect(send.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(send.responses['409'].description).toContain('`IDEMPOTENCY_KEY_IN_USE`');
    expect(send.responses['422'].description).toContain('`IDEMPOTENCY_KEY_REUSED`');
    expect(json.paths['/v1/agents'].post.parameters.map((p: { name: string }) => p.name)).not.toContain('Idempotency-Key');
  });

  it('lists the outbound events under webhooks, from their codecs', () => {
    expect(Object.keys(json.webhooks).sort()).toEqual(['agent.call_ended', 'agent.message (sms)', 'agent.message (voice)', 'agent.message_failed']);
    const sms = json.webhooks['agent.message (sms)'].post.requestBody.content['application/json'].schema as {
      properties: Record<string, unknown>;
    };
    expect(sms.properties.event).toEqual({ type: 'string', const: 'agent.message' });
    expect(sms.properties.timestamp).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
