import { describe, expect, it } from 'vitest';
import { agentRoutes } from '../../../src/adapters/rest/routes/agents.js';
import { provisionNumberViaApi, createAgentViaApi, aRestApi } from './harness.js';

const AGENT_FIELDS = [
  'ambientSound', 'analysis', 'analysisSchema', 'beginMessage', 'createdAt', 'customTools', 'denoisingMode', 'description',
  'enableBackchannel', 'enableMessaging', 'endOfTurnTimeoutMs', 'greeting', 'greetingInterruptible', 'handoffs', 'hints', 'id',
  'idleMessages', 'idleRepromptMs', 'interruptible', 'interruptionSensitivity', 'knowledgeBaseIds', 'knowledgeRetrieval', 'language', 'languages', 'maxDurationSeconds',
  'maxSilenceMs', 'mcpServers', 'modelTier', 'name', 'numbers', 'profanityFilter', 'sttMode', 'successCriteria', 'systemPrompt',
  'transferNumber', 'transferTimeoutSeconds', 'unsupported', 'updatedAt', 'voice', 'voiceMode', 'voiceSpeed', 'voicemailMessage',
];

describe(agentRoutes.name, () => {
  describe('GET /v1/agents/voices', () => {
    it('lists the catalog in the public snake_case shape', async () => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/v1/agents/voices');

      expect(reply.status).toBe(200);
      expect(reply.body.data[0]).toEqual({
        voice_id: 'Google.en-US-Journey-O',
        voice_name: 'Journey O',
        provider: 'Google',
        gender: 'female',
        accent: 'american',
        language: 'en-US',
        preview_audio_url: null,
      });
    });
  });

  describe('POST /v1/agents', () => {
    it('creates an agent with defaults and exact field names', async () => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/agents', { body: { name: 'Support bot', greeting: 'Hello!' } });

      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body).sort()).toEqual(AGENT_FIELDS);
      expect(reply.body).toMatchObject({
        name: 'Support bot',
        description: null,
        voiceMode: 'webhook',
        systemPrompt: null,
        greeting: 'Hello!',
        beginMessage: 'Hello!',
        voice: 'Google.en-US-Journey-O',
        transferNumber: null,
        language: 'en-US',
        customTools: [],
        analysis: false,
        analysisSchema: null,
        successCriteria: null,
        interruptionSensitivity: 0.8,
        enableBackchannel: true,
        sttMode: 'fast',
        modelTier: 'balanced',
        interruptible: 'any',
        languages: [],
        unsupported: [],
        numbers: [],
      });
      expect(reply.body.id).toMatch(/^agt_/);
      expect(new Date(reply.body.createdAt).toISOString()).toBe(reply.body.createdAt);
    });

    it('accepts beginMessage as the greeting', async () => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/agents', { body: { name: 'A', beginMessage: 'Hi there' } });

      expect(reply.body).toMatchObject({ greeting: 'Hi there', beginMessage: 'Hi there' });
    });

    it('accepts greeting and beginMessage together when they agree', async () => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/agents', { body: { name: 'A', greeting: 'Hi', beginMessage: 'Hi' } });

      expect(reply.status).toBe(200);
      expect(reply.body.greeting).toBe('Hi');
    });

    it('normalises the transfer number to E.164 and ignores unknown fields', async () => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/agents', {
        body: { name: 'A', transferNumber: '+1 (604) 555-0100', unknownField: 'x' },
      });

      expect(reply.body.transferNumber).toBe('+16045550100');
      expect(reply.body).not.toHaveProperty('unknownField');
      expect(h.uow.tables.agents.get(reply.body.id)).not.toHaveProperty('unknownField');
    });

    it('creates a hosted agent with its system prompt', async () => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/agents', {
        body: { name: 'A', voiceMode: 'hosted', systemPrompt: 'You are helpful.' },
      });

      expect(reply.body).toMatchObject({ voiceMode: 'hosted', systemPrompt: 'You are helpful.' });
    });

    it.each([
      ['name missing', {}, 'name', 'missing'],
      ['name of the wrong type', { name: 42 }, 'name', 'type_error'],
      ['name blank', { name: '  ' }, 'name', 'value_error'],
      ['an unknown voiceMode', { name: 'A', voiceMode: 'psychic' }, 'voiceMode', 'value_error'],
      ['hosted without systemPrompt', { name: 'A', voiceMode: 'hosted' }, 'systemPrompt', 'value_error'],
      ['an invalid transferNumber', { name: 'A', transferNumber: '12345' }, 'transferNumber', 'value_error'],
      ['a British transferNumber', { name: 'A', transferNumber: '+442071838750' }, 'transferNumber', 'value_error'],
      ['a Jamaican (+1, not US/CA) transferNumber', { name: 'A', transferNumber: '+18765550100' }, 'transferNumber', 'value_error'],
      ['greeting and beginMessage disagreeing', { name: 'A', greeting: 'a', beginMessage: 'b' }, 'beginMessage', 'value_error'],
      ['description of the wrong type', { name: 'A', description: ['x'] }, 'description', 'type_error'],
    ])('rejects %s with 422 naming the field', async (_, body, field, type) => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/agents', { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({ code: 'VALIDATION_ERROR', type: 'validation_error' });
      expect(reply.body.error.details).toContainEqual(expect.objectContaining({ field, type }));
      expect(reply.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', field], type }));
      expect(h.uow.tables.agents.size).toBe(0);
    });

    it.each([
      ['invalid JSON', '{"name": '],
      ['a JSON array', '[1, 2]'],
      ['a JSON string', '"agent"'],
    ])('rejects %s as the body with 422 on body', async (_, rawBody) => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/agents', { rawBody, headers: { 'Content-Type': 'application/json' } });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details[0].field).toBe('body');
      expect(reply.body.detail[0].loc).toEqual(['body']);
    });
  });

  describe('GET /v1/agents', () => {
    it('pages with hasMore and total, each agent with its numbers', async () => {
      const h = await aRestApi();
      const first = await createAgentViaApi(h, { name: 'One' });
      await createAgentViaApi(h, { name: 'Two' });
      await createAgentViaApi(h, { name: 'Three' });
      const numberId = await provisionNumberViaApi(h, { agentId: first });

      const page1 = await h.call('GET', '/v1/agents?limit=2');
      const page2 = await h.call('GET', '/v1/agents?limit=2&offset=2');

      expect(page1.body).toMatchObject({ hasMore: true, total: 3 });
      expect(page1.body.data.map((a: { name: string }) => a.name)).toEqual(['One', 'Two']);
      expect(page1.body.data[0].numbers).toEqual([
        { id: numberId, phoneNumber: expect.stringMatching(/^\+1\d{10}$/), status: 'active', type: 'local' },
      ]);
      expect(page2.body).toMatchObject({ hasMore: false, total: 3 });
      expect(page2.body.data.map((a: { name: string }) => a.name)).toEqual(['Three']);
    });

    it('defaults to 20 per page', async () => {
      const h = await aRestApi();
      for (let i = 0; i < 21; i++) await createAgentViaApi(h, { name: `Agent ${i}` });

      const reply = await h.call('GET', '/v1/agents');

      expect(reply.body.data).toHaveLength(20);
      expect(reply.body).toMatchObject({ hasMore: true, total: 21 });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
    ])('rejects %s with 422 on the query', async (query, field) => {
      const { call } = await aRestApi();

      const reply = await call('GET', `/v1/agents?${query}`);

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field, type: 'value_error' })]);
      expect(reply.body.detail[0].loc).toEqual(['query', field]);
    });

    it('accepts limit=100', async () => {
      const { call } = await aRestApi();

      expect((await call('GET', '/v1/agents?limit=100')).status).toBe(200);
    });
  });

  describe('GET /v1/agents/{id}', () => {
    it('reads the agent with its attached numbers', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h);
      const numberId = await provisionNumberViaApi(h, { agentId });

      const reply = await h.call('GET', `/v1/agents/${agentId}`);

      expect(reply.status).toBe(200);
      expect(reply.body.id).toBe(agentId);
      expect(reply.body.numbers).toEqual([expect.objectContaining({ id: numberId, status: 'active', type: 'local' })]);
    });

    it('answers 404 for an unknown agent', async () => {
      const { call } = await aRestApi();

      const reply = await call('GET', '/v1/agents/agt_missing');

      expect(reply.status).toBe(404);
      expect(reply.body.error).toMatchObject({ code: 'NOT_FOUND', type: 'not_found' });
    });
  });

  describe('PATCH /v1/agents/{id}', () => {
    it('changes only the given fields', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h, { name: 'Before', greeting: 'Hi' });

      const reply = await h.call('PATCH', `/v1/agents/${agentId}`, {
        body: { name: 'After', voiceMode: 'hosted', systemPrompt: 'Be brief.' },
      });

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ name: 'After', voiceMode: 'hosted', systemPrompt: 'Be brief.', greeting: 'Hi' });
      expect(h.uow.tables.agents.get(agentId)).toMatchObject({ name: 'After', voiceMode: 'hosted' });
    });

    it('clears the transfer number on ""', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h, { transferNumber: '+14155550123' });

      const reply = await h.call('PATCH', `/v1/agents/${agentId}`, { body: { transferNumber: '' } });

      expect(reply.body.transferNumber).toBeNull();
      expect(h.uow.tables.agents.get(agentId)!.transferNumber).toBeNull();
    });

    it('accepts an empty patch as no change', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h, { name: 'Same' });

      const reply = await h.call('PATCH', `/v1/agents/${agentId}`, { body: {} });

      expect(reply.status).toBe(200);
      expect(reply.body.name).toBe('Same');
    });

    it('updates the greeting through beginMessage', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h, { greeting: 'Old' });

      const reply = await h.call('PATCH', `/v1/agents/${agentId}`, { body: { beginMessage: 'New' } });

      expect(reply.body).toMatchObject({ greeting: 'New', beginMessage: 'New' });
    });

    it.each([
      ['a non-object body', [1], 'body'],
      ['switching to hosted without a prompt', { voiceMode: 'hosted' }, 'systemPrompt'],
      ['an unknown voiceMode', { voiceMode: 'x' }, 'voiceMode'],
      ['a bad transfer number', { transferNumber: 'call me' }, 'transferNumber'],
      ['a null name', { name: null }, 'name'],
    ])('rejects %s with 422', async (_, body, field) => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h, { name: 'Kept' });

      const reply = await h.call('PATCH', `/v1/agents/${agentId}`, { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toContainEqual(expect.objectContaining({ field }));
      expect(h.uow.tables.agents.get(agentId)!.name).toBe('Kept');
    });
  });

  describe('DELETE /v1/agents/{id}', () => {
    it('deletes the agent and leaves its numbers live with no agent', async () => {
      const h = await aRestApi();
      const agentId = await createAgentViaApi(h, { name: 'Doomed' });
      const numberId = await provisionNumberViaApi(h, { agentId });

      const reply = await h.call('DELETE', `/v1/agents/${agentId}`);

      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, id: agentId, name: 'Doomed' });
      expect((await h.call('GET', `/v1/agents/${agentId}`)).status).toBe(404);
      const number = await h.call('GET', `/v1/numbers/${numberId}`);
      expect(number.body).toMatchObject({ status: 'active', agentId: null });
    });
  });
});
