import * as E from 'fp-ts/lib/Either.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { codeIn } from '../../support/switchboard-harness.js';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from './mcp-harness.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** One JSON-RPC POST to the endpoint as any HTTP client sends it. */
const post = (h: McpHarness, body: unknown, headers: Record<string, string> = {}, path = '/mcp') =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

const toolCall = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });

let others = 0;
const anotherProject = async (h: McpHarness) => {
  const email = trustMailbox(`other-${++others}@example.com`);
  const created = await h.sut.useCases().projects.createProject.execute({ email })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  return created.right.apiKey.clear;
};

describe('the MCP endpoint’s access', () => {
  let h: McpHarness;
  beforeAll(async () => {
    h = await anMcpSwitchboard();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('answers 401 without a key or with a wrong one, and the SDK client cannot connect', async () => {
    const none = await post(h, INITIALIZE);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect((await post(h, INITIALIZE, { authorization: 'Bearer sk_wrong' })).status).toBe(401);
    await expect(h.httpClient('sk_wrong')).rejects.toThrow(/UNAUTHORIZED/);
  });

  it('signs up, verifies and gets a key through the tools of the keyless endpoint, then uses the key', async () => {
    const anonymous = await h.httpClient(null);
    expect((await anonymous.listTools()).tools.map((t) => t.name)).toEqual(['sign_up', 'verify_sign_up']);
    await expect(anonymous.callTool({ name: 'list_numbers', arguments: {} })).rejects.toThrow(McpError);

    const started = resultOf(await anonymous.callTool({ name: 'sign_up', arguments: { human_email: 'human@example.com', agent_name: 'Helper' } }));
    const wrong = toolErrorOf(await anonymous.callTool({ name: 'verify_sign_up', arguments: { verification_id: started.verification_id, otp_code: 'abc' } }));
    expect(wrong).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'otp_code' }] });
    const mail = h.logger.lines.filter((line) => line.fields.mailer === 'console').at(-1)!;
    const verified = resultOf(await anonymous.callTool({ name: 'verify_sign_up', arguments: { verification_id: started.verification_id, otp_code: codeIn(String(mail.fields.text)) } }));
    expect(verified).toMatchObject({ api_key: expect.any(String), phone_number: expect.stringMatching(/^\+1/) });

    const owner = await h.httpClient(verified.api_key);
    const overview = resultOf(await owner.callTool({ name: 'account_overview', arguments: {} }));
    expect(overview.agents.data).toEqual([expect.objectContaining({ id: verified.agent_id, numbers: [expect.objectContaining({ id: verified.number_id })] })]);
  });

  it("keeps one project's call out of another's reach through every tool and resource", async () => {
    const a = await h.httpClient();
    const agent = resultOf(await a.callTool({ name: 'create_agent', arguments: { name: 'A' } }));
    const number = resultOf(await a.callTool({ name: 'buy_number', arguments: { agent_id: agent.id, confirm: true } }));
    const placed = resultOf(await a.callTool({ name: 'make_conversation_call', arguments: { agent_id: agent.id, to_number: '+14155550142', topic: 'Say hi.', wait: false } }));
    const uri = `switchboard://calls/${placed.id}/transcript`;

    const b = await h.httpClient(await anotherProject(h));
    const notFound = { code: expect.stringMatching(/NOT_FOUND$/) };
    expect(toolErrorOf(await b.callTool({ name: 'get_call', arguments: { call_id: placed.id } }))).toMatchObject(notFound);
    expect(toolErrorOf(await b.callTool({ name: 'get_call', arguments: { call_id: placed.id, wait: true, timeout: 1 } }))).toMatchObject(notFound);
    expect(toolErrorOf(await b.callTool({ name: 'end_call', arguments: { call_id: placed.id } }))).toMatchObject(notFound);
    expect(resultOf(await b.callTool({ name: 'list_calls', arguments: { search: '4155550142' } })).data).toEqual([]);
    expect(toolErrorOf(await b.callTool({ name: 'make_call', arguments: { agent_id: agent.id, to_number: '+14155550143' } }))).toMatchObject(notFound);
    expect(toolErrorOf(await b.callTool({ name: 'get_messages', arguments: { number_id: number.id } }))).toMatchObject(notFound);
    await expect(b.readResource({ uri })).rejects.toThrow(/NOT_FOUND/);
    await expect(b.subscribeResource({ uri })).rejects.toThrow(/NOT_FOUND/);
    expect(resultOf(await a.callTool({ name: 'get_call', arguments: { call_id: placed.id } }))).toMatchObject({ id: placed.id });
  });

  it('binds a session to its key: another key naming it is served as itself, and cannot open its stream', async () => {
    const a = await h.httpClient();
    const placed = resultOf(await a.callTool({ name: 'list_calls', arguments: {} }));
    expect(placed.total).toBeGreaterThan(0);
    const sessionId = (a.transport as { sessionId?: string }).sessionId!;
    const otherKey = await anotherProject(h);

    const asOther = await post(h, toolCall('list_calls', {}), { authorization: `Bearer ${otherKey}`, 'mcp-session-id': sessionId });
    expect(asOther.status).toBe(200);
    expect((await asOther.json()).result.structuredContent).toMatchObject({ total: 0 });
    const stream = await fetch(`${h.url}/mcp`, { headers: { authorization: `Bearer ${otherKey}`, accept: 'text/event-stream', 'mcp-session-id': sessionId } });
    expect(stream.status).toBe(404);
  });

  it('serves a request naming a session it does not hold (another node’s) without one', async () => {
    const reply = await post(h, toolCall('get_usage', {}), { authorization: `Bearer ${h.owner.key}`, 'mcp-session-id': 'held-by-another-node' });
    expect(reply.status).toBe(200);
    expect((await reply.json()).result.structuredContent).toMatchObject({ currency: 'USD' });

    const subscribe = { jsonrpc: '2.0', id: 8, method: 'resources/subscribe', params: { uri: 'switchboard://calls/call_x/transcript' } };
    const refused = await post(h, subscribe, { authorization: `Bearer ${h.owner.key}`, 'mcp-session-id': 'held-by-another-node' });
    expect((await refused.json()).error.message).toMatch(/initialize a new session to subscribe/);
  });
});

describe('the MCP endpoints’ rate limits', () => {
  let h: McpHarness;
  beforeAll(async () => {
    h = await anMcpSwitchboard({ config: { rateLimit: { points: 3, durationSeconds: 3600 }, signupRateLimitIp: { points: 1, durationSeconds: 3600 } } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('counts a key’s MCP requests with its REST requests, answering 429 when the window is spent', async () => {
    // The harness's own set-up made REST requests with the key already: spend what is left of the window on REST.
    let rest = await h.api('GET', '/v1/usage');
    while (rest.status === 200) rest = await h.api('GET', '/v1/usage');
    expect(rest.status).toBe(429);
    const refused = await post(h, INITIALIZE, { authorization: `Bearer ${h.owner.key}` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits sign-ups per client IP through the tools as REST does', async () => {
    const anonymous = await h.httpClient(null);
    resultOf(await anonymous.callTool({ name: 'sign_up', arguments: { human_email: 'first@example.com' } }));
    const second = toolErrorOf(await anonymous.callTool({ name: 'sign_up', arguments: { human_email: 'second@example.com' } }));
    expect(second).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
  });
});
