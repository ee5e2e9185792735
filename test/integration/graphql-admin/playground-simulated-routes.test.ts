import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

/** The playground's controls of the simulated carrier: the project's own numbers and calls, bad input refused in the envelope. */
describe('/playground/simulated/…', () => {
  let h: AdminHarness;
  beforeEach(async () => {
    h = await anAdminConsole();
  });
  afterEach(async () => {
    await h.stop();
  });

  const post = async (path: string, body: string | undefined, key: string | null = h.owner.key) => {
    const response = await fetch(`${h.url}/playground/simulated${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body,
    });
    return { status: response.status, body: await response.json() };
  };

  it('delivers a text to one of the project’s numbers, and refuses bad input with the error envelope', async () => {
    const line = await h.anAgentOnTheLine();
    const sent = await post('/texts', JSON.stringify({ numberId: line.numberId, from: '+14155550177', body: 'Hello' }));
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ messageId: expect.stringMatching(/^msg_/), conversationId: expect.stringMatching(/^conv_/) });
    await h.hook.next((r) => r.body?.event === 'agent.message' && r.body.data.message === 'Hello');

    expect((await post('/texts', JSON.stringify({ numberId: line.numberId, from: '+14155550177', body: 'Hello' }), null)).status).toBe(401);
    const refusals = [
      [JSON.stringify({ numberId: 'num_nobody', from: '+14155550177', body: 'x' }), 404],
      [JSON.stringify({ numberId: line.numberId, from: 'not a number', body: 'x' }), 422],
      [JSON.stringify({ numberId: line.numberId, from: '+14155550177', body: 'x'.repeat(1601) }), 422],
      [JSON.stringify({ numberId: line.numberId }), 422],
      ['{not json', 422], // as on /v1: the REST edge's answer to a body that is not JSON
      [JSON.stringify([1, 2]), 422],
    ] as const;
    for (const [body, status] of refusals) {
      const refused = await post('/texts', body);
      expect([body.slice(0, 40), refused.status]).toEqual([body.slice(0, 40), status]);
      expect(refused.body.error.code).toEqual(expect.any(String));
    }
  });

  it('acts only on the project’s own live calls', async () => {
    const line = await h.anAgentOnTheLine();
    const placed = await h.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550142' });
    const id = placed.body.id as string;

    expect((await post('/calls/call_nobody/answer', undefined)).status).toBe(404);
    expect((await post(`/calls/${id}/say`, JSON.stringify({ text: '   ' }))).status).toBe(422);
    expect((await post(`/calls/${id}/answer`, undefined)).status).toBe(200);
    expect((await post(`/calls/${id}/answer`, undefined)).status).toBe(409);
    expect((await post(`/calls/${id}/say`, JSON.stringify({ text: 'hi there' }))).status).toBe(200);
    expect((await post(`/calls/${id}/hang-up`, undefined)).status).toBe(200);
    const over = await post(`/calls/${id}/say`, JSON.stringify({ text: 'still there?' }));
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('CONFLICT');
  });
});
