import { describe, expect, it } from 'vitest';
import { contactRoutes } from '../../../src/adapters/rest/routes/contacts.js';
import { aRestApi, type Harness } from './harness.js';

const createContactViaApi = async (h: Harness, body: Record<string, unknown>, key?: string) => {
  const reply = await h.call('POST', '/v1/contacts', { body, key });
  if (reply.status !== 201) throw new Error(`contact creation failed: ${reply.text}`);
  return reply.body.id as string;
};

describe(contactRoutes.name, () => {
  describe('POST /v1/contacts', () => {
    it('creates a contact with 201, normalising the number to E.164', async () => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/contacts', {
        body: { name: 'Ada Lovelace', phoneNumber: '(415) 555-0100', email: 'ada@example.com', extra: true },
      });

      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.stringMatching(/^ctc_/),
        name: 'Ada Lovelace',
        phoneNumber: '+14155550100',
        email: 'ada@example.com',
        notes: null,
        doNotCall: false,
        consent: { voice: null, sms: null },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(h.uow.tables.contacts.get(reply.body.id)!.phoneNumber).toBe('+14155550100');
    });

    it('accepts international numbers', async () => {
      const { call } = await aRestApi();

      const reply = await call('POST', '/v1/contacts', { body: { name: 'London', phoneNumber: '+44 20 7183 8750' } });

      expect(reply.body.phoneNumber).toBe('+442071838750');
    });

    it('answers 409 for a number the project already has, however it is written', async () => {
      const h = await aRestApi();
      await createContactViaApi(h, { name: 'First', phoneNumber: '+14155550100' });

      const reply = await h.call('POST', '/v1/contacts', { body: { name: 'Second', phoneNumber: '415.555.0100' } });

      expect(reply.status).toBe(409);
      expect(reply.body.error).toMatchObject({ code: 'CONFLICT', type: 'conflict' });
      expect(h.uow.tables.contacts.size).toBe(1);
    });

    it('lets two projects hold the same number', async () => {
      const h = await aRestApi();
      await createContactViaApi(h, { name: 'Mine', phoneNumber: '+14155550100' });
      const stranger = await h.signUp('stranger@example.com');

      const reply = await h.call('POST', '/v1/contacts', { key: stranger.key, body: { name: 'Theirs', phoneNumber: '+14155550100' } });

      expect(reply.status).toBe(201);
    });

    it.each([
      ['name missing', { phoneNumber: '+14155550100' }, 'name', 'missing'],
      ['phoneNumber missing', { name: 'A' }, 'phoneNumber', 'missing'],
      ['an invalid number', { name: 'A', phoneNumber: '555' }, 'phoneNumber', 'value_error'],
      ['a number of the wrong type', { name: 'A', phoneNumber: 4155550100 }, 'phoneNumber', 'type_error'],
      ['an invalid e-mail', { name: 'A', phoneNumber: '+14155550100', email: 'not-an-address' }, 'email', 'value_error'],
      ['a blank name', { name: ' ', phoneNumber: '+14155550100' }, 'name', 'value_error'],
    ])('rejects %s with 422', async (_, body, field, type) => {
      const h = await aRestApi();

      const reply = await h.call('POST', '/v1/contacts', { body });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toContainEqual(expect.objectContaining({ field, type }));
      expect(h.uow.tables.contacts.size).toBe(0);
    });
  });

  describe('GET /v1/contacts', () => {
    it('searches case-insensitively by name and by number', async () => {
      const h = await aRestApi();
      await createContactViaApi(h, { name: 'Ada Lovelace', phoneNumber: '+14155550100' });
      await createContactViaApi(h, { name: 'Grace Hopper', phoneNumber: '+12125550199' });

      const byName = await h.call('GET', '/v1/contacts?search=LOVELACE');
      const byNumber = await h.call('GET', '/v1/contacts?search=212555');

      expect(byName.body).toMatchObject({ total: 1, hasMore: false, data: [expect.objectContaining({ name: 'Ada Lovelace' })] });
      expect(byNumber.body).toMatchObject({ total: 1, data: [expect.objectContaining({ name: 'Grace Hopper' })] });
    });

    it('pages with a default of 50', async () => {
      const h = await aRestApi();
      for (let i = 0; i < 51; i++) await createContactViaApi(h, { name: `C${i}`, phoneNumber: `+1415555${String(1000 + i)}` });

      const first = await h.call('GET', '/v1/contacts');
      const last = await h.call('GET', '/v1/contacts?offset=50');

      expect(first.body.data).toHaveLength(50);
      expect(first.body).toMatchObject({ hasMore: true, total: 51 });
      expect(last.body).toMatchObject({ hasMore: false, total: 51 });
      expect(last.body.data).toHaveLength(1);
    });

    it.each([
      ['limit=201', 422],
      ['limit=200', 200],
      ['limit=0', 422],
      ['offset=-1', 422],
    ])('%s → %i', async (query, status) => {
      const { call } = await aRestApi();

      expect((await call('GET', `/v1/contacts?${query}`)).status).toBe(status);
    });
  });

  describe('GET, PATCH and DELETE /v1/contacts/{id}', () => {
    it('reads a contact', async () => {
      const h = await aRestApi();
      const id = await createContactViaApi(h, { name: 'Ada', phoneNumber: '+14155550100' });

      const reply = await h.call('GET', `/v1/contacts/${id}`);

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id, name: 'Ada', phoneNumber: '+14155550100' });
    });

    it('updates given fields and re-normalises the number', async () => {
      const h = await aRestApi();
      const id = await createContactViaApi(h, { name: 'Ada', phoneNumber: '+14155550100', notes: 'keep' });

      const reply = await h.call('PATCH', `/v1/contacts/${id}`, { body: { phoneNumber: '(212) 555-0199', email: null } });

      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ name: 'Ada', phoneNumber: '+12125550199', email: null, notes: 'keep' });
      expect(h.uow.tables.contacts.get(id)!.phoneNumber).toBe('+12125550199');
    });

    it('answers 409 when the new number belongs to another contact', async () => {
      const h = await aRestApi();
      await createContactViaApi(h, { name: 'Ada', phoneNumber: '+14155550100' });
      const id = await createContactViaApi(h, { name: 'Grace', phoneNumber: '+12125550199' });

      const reply = await h.call('PATCH', `/v1/contacts/${id}`, { body: { phoneNumber: '4155550100' } });

      expect(reply.status).toBe(409);
      expect(h.uow.tables.contacts.get(id)!.phoneNumber).toBe('+12125550199');
    });

    it('rejects a bad patch with 422', async () => {
      const h = await aRestApi();
      const id = await createContactViaApi(h, { name: 'Ada', phoneNumber: '+14155550100' });

      const reply = await h.call('PATCH', `/v1/contacts/${id}`, { body: { phoneNumber: 'nope' } });

      expect(reply.status).toBe(422);
      expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'phoneNumber' })]);
    });

    it('deletes with 204 and no body', async () => {
      const h = await aRestApi();
      const id = await createContactViaApi(h, { name: 'Ada', phoneNumber: '+14155550100' });

      const reply = await h.call('DELETE', `/v1/contacts/${id}`);

      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
      expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
      expect(h.uow.tables.contacts.size).toBe(0);
      expect((await h.call('GET', `/v1/contacts/${id}`)).status).toBe(404);
    });

    it("hides another project's contact behind 404", async () => {
      const h = await aRestApi();
      const id = await createContactViaApi(h, { name: 'Ada', phoneNumber: '+14155550100' });
      const stranger = await h.signUp('stranger@example.com');
      const as = { key: stranger.key };

      const replies = [
        await h.call('GET', `/v1/contacts/${id}`, as),
        await h.call('PATCH', `/v1/contacts/${id}`, { ...as, body: { name: 'Hijacked' } }),
        await h.call('DELETE', `/v1/contacts/${id}`, as),
      ];

      expect(replies.map((r) => r.status)).toEqual([404, 404, 404]);
      expect(replies[0]!.body.error).toMatchObject({ code: 'NOT_FOUND', type: 'not_found' });
      expect(h.uow.tables.contacts.get(id)!.name).toBe('Ada');
      expect((await h.call('GET', '/v1/contacts', as)).body.total).toBe(0);
    });
  });
});
