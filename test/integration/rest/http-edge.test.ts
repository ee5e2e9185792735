import * as E from 'fp-ts/lib/Either.js';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createRestApi } from '../../../src/adapters/rest/rest-api.js';
import type { ListAgents } from '../../../src/application/use-cases/agents/list-agents.js';
import type { ListVoices } from '../../../src/application/use-cases/agents/list-voices.js';
import { aRestApi, send } from './harness.js';

describe(createRestApi.name, () => {
  describe('authentication', () => {
    it.each([
      ['no header', {}],
      ['a wrong key', { Authorization: 'Bearer sk_live_not-a-real-key' }],
      ['another scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty bearer', { Authorization: 'Bearer ' }],
    ])('refuses %s with 401 UNAUTHORIZED', async (_, headers) => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/v1/agents', { key: null, headers });

      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({
        error: { message: 'missing or invalid API key', code: 'UNAUTHORIZED', type: 'authentication_error' },
        detail: 'missing or invalid API key',
      });
    });

    it('guards every /v1 route, unknown ones included', async () => {
      const { call } = await aRestApi();

      expect((await call('POST', '/v1/numbers', { key: null, body: {} })).status).toBe(401);
      expect((await call('GET', '/v1/unknown', { key: null })).status).toBe(401);
    });

    it('refuses a suspended project with 403 and its own code', async () => {
      const h = await aRestApi();
      const project = h.uow.tables.projects.get(h.owner.projectId)!;
      h.uow.tables.projects.set(project.id, { ...project, status: 'suspended' });

      const reply = await h.call('GET', '/v1/agents');

      expect(reply.status).toBe(403);
      expect(reply.body.error).toMatchObject({ code: 'PROJECT_SUSPENDED', type: 'authentication_error' });
    });
  });

  describe('health', () => {
    it('answers 200 without a key when healthy', async () => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/health', { key: null });

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 'ok' });
    });

    it.each([
      ['reports false', async () => false],
      ['throws', async () => Promise.reject(new Error('db down'))],
    ])('answers 503 when the probe %s', async (_, health) => {
      const { call } = await aRestApi({ health });

      const reply = await call('GET', '/health', { key: null });

      expect(reply.status).toBe(503);
      expect(reply.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', type: 'server_error' });
    });
  });

  describe('request ids', () => {
    it('echoes a sane incoming X-Request-Id', async () => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/v1/agents', { headers: { 'X-Request-Id': 'abc.DEF_123-x' } });

      expect(reply.headers.get('x-request-id')).toBe('abc.DEF_123-x');
    });

    it.each([
      ['absent', undefined],
      ['too long', 'a'.repeat(129)],
      ['with unsafe characters', 'abc def<script>'],
    ])('generates one when the incoming id is %s, on errors too', async (_, incoming) => {
      const { call } = await aRestApi();
      const headers: Record<string, string> = incoming ? { 'X-Request-Id': incoming } : {};

      const reply = await call('GET', '/v1/agents', { key: null, headers });

      expect(reply.status).toBe(401);
      expect(reply.headers.get('x-request-id')).toMatch(/^req_[a-f0-9]{32}$/);
    });

    it('logs one line per request with method, path, status and duration', async () => {
      const { call, logger } = await aRestApi();

      const reply = await call('GET', '/v1/agents?limit=5', { headers: { 'X-Request-Id': 'trace-1' } });

      expect(reply.status).toBe(200);
      expect(logger.lines).toHaveLength(1);
      expect(logger.lines[0]).toMatchObject({
        level: 'info',
        fields: { requestId: 'trace-1', method: 'GET', path: '/v1/agents', status: 200 },
      });
      expect(typeof logger.lines[0]!.fields.ms).toBe('number');
    });
  });

  describe('unexpected failures', () => {
    const throwingListAgents = {
      execute: () => () => Promise.reject(new Error('connection to 10.0.0.5 refused: password=hunter2')),
    } as unknown as ListAgents;

    it('answers 500 INTERNAL_ERROR naming the request id and nothing internal', async () => {
      const { call } = await aRestApi({ useCases: (real) => ({ ...real, agents: { ...real.agents, listAgents: throwingListAgents } }) });

      const reply = await call('GET', '/v1/agents', { headers: { 'X-Request-Id': 'req-500' } });

      expect(reply.status).toBe(500);
      expect(reply.headers.get('x-request-id')).toBe('req-500');
      expect(reply.body.error).toMatchObject({ code: 'INTERNAL_ERROR', type: 'server_error' });
      expect(reply.body.error.message).toContain('req-500');
      expect(reply.text).not.toContain('hunter2');
      expect(reply.text).not.toContain('10.0.0.5');
    });

    it('logs the failure at error level with the request id', async () => {
      const { call, logger } = await aRestApi({ useCases: (real) => ({ ...real, agents: { ...real.agents, listAgents: throwingListAgents } }) });

      await call('GET', '/v1/agents', { headers: { 'X-Request-Id': 'req-500' } });

      const errors = logger.lines.filter((line) => line.level === 'error');
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(errors.every((line) => line.fields.requestId === 'req-500')).toBe(true);
      expect(errors.some((line) => line.fields.status === 500)).toBe(true);
    });

    it('maps a use case Left it did not expect here (rate limited) to 429 with Retry-After', async () => {
      const limited = {
        execute: () => async () =>
          E.left({ _tag: 'RateLimited', limit: 100, windowSeconds: 10, retryAfterSeconds: 3.2, scope: 'api key' }),
      } as unknown as ListVoices;
      const { call } = await aRestApi({ useCases: (real) => ({ ...real, agents: { ...real.agents, listVoices: limited } }) });

      const reply = await call('GET', '/v1/agents/voices');

      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toBe('4');
      expect(reply.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit_error' });
      expect(reply.body.error.message).toContain('100 requests per 10 seconds');
    });
  });

  describe('routing', () => {
    it('answers an unknown route with a 404 envelope', async () => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/v1/nothing-here');

      expect(reply.status).toBe(404);
      expect(reply.body.error).toMatchObject({ code: 'NOT_FOUND', type: 'not_found' });
    });

    it('answers a known path with the wrong method with a 405 envelope and Allow', async () => {
      const { call } = await aRestApi();

      const reply = await call('PUT', '/v1/agents/agt_1');

      expect(reply.status).toBe(405);
      expect(reply.body.error.code).toBe('METHOD_NOT_ALLOWED');
      expect(reply.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
    });

    it('works mounted under a base path, fallbacks included', async () => {
      const h = await aRestApi();
      const host = new Hono().route('/switchboard', h.sut);

      const health = await send(host, 'GET', '/switchboard/health');
      const created = await send(host, 'POST', '/switchboard/v1/agents', { key: h.owner.key, body: { name: 'Mounted' } });
      const listed = await send(host, 'GET', '/switchboard/v1/agents', { key: h.owner.key });
      const wrongMethod = await send(host, 'PUT', '/switchboard/v1/agents', { key: h.owner.key });
      const unknown = await send(host, 'GET', '/switchboard/v1/nope', { key: h.owner.key });

      expect(health.body).toEqual({ status: 'ok' });
      expect(created.status).toBe(200);
      expect(listed.body.data.map((a: { name: string }) => a.name)).toEqual(['Mounted']);
      expect(wrongMethod.status).toBe(405);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toContain('/v1/nope');
      expect(unknown.headers.get('x-request-id')).toMatch(/^req_/);
    });
  });
});
