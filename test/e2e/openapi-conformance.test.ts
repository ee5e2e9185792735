import { rm } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwitchboard, type Switchboard } from '../../src/index.js';
import { RecordingLogger } from '../integration/rest/harness.js';
import { conformanceTo, type OpenApiJson } from '../support/openapi-conformance.js';
import { codeIn } from '../support/switchboard-harness.js';
import { aMigratedDataDir } from '../support/pglite-template.js';
import { aRegisterBody } from '../support/registration-builders.js';

const BASE = '/sb';
const PUBLIC_URL = `https://voice.example.test${BASE}`;

/**
 * Every operation of the OpenAPI document, called for real (embedded PGlite, simulated carrier,
 * the whole app under a base path), each answer checked against the document the server serves:
 * a documented status and a body valid under its schema.
 */
describe('the REST API answers as its OpenAPI document says', () => {
  let switchboard: Switchboard;
  let dataDir: string;
  const logger = new RecordingLogger();
  let document: OpenApiJson;
  let conformance: ReturnType<typeof conformanceTo>;
  const problems: string[] = [];

  /** One request through the Fetch handler, its answer checked; returns the parsed body. */
  const request = async (method: string, path: string, options: { key?: string; body?: unknown; csv?: string; headers?: Record<string, string>; expect?: number } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.csv !== undefined) headers['content-type'] = 'text/csv';
    const response = await switchboard.fetch(
      new Request(`http://switchboard.test${BASE}${path}`, {
        method,
        headers,
        body: options.csv ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      }),
    );
    const contentType = response.headers.get('content-type');
    const text = contentType?.startsWith('text/event-stream') ? await firstEvent(response) : await response.text();
    const body: unknown = contentType?.startsWith('application/json') && text ? JSON.parse(text) : text;
    const result = conformance.check(method, path, response.status, contentType, body);
    problems.push(...result.problems.map((problem) => `${method} ${path} → ${response.status}: ${problem}`));
    if (options.expect !== undefined && response.status !== options.expect) {
      problems.push(`${method} ${path}: expected ${options.expect}, got ${response.status} ${text.slice(0, 300)}`);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return body as any;
  };

  /** The first event of a stream, then the stream is let go. */
  const firstEvent = async (response: Response): Promise<string> => {
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return new TextDecoder().decode(value);
  };

  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-openapi-');
    switchboard = createSwitchboard({
      // One key calls every operation in a few seconds: more than the default 100 per 10 s.
      env: { DATA_DIR: dataDir, PUBLIC_URL, SIGNUP_CREDIT: '100', PRIVATE_NETWORK_TARGETS: '127.0.0.0/8', RATE_LIMIT: '1000/10s' },
      storage: 'database',
      basePath: BASE,
      logger,
    });
    await switchboard.start();
    const served = await switchboard.fetch(new Request(`http://switchboard.test${BASE}/openapi.json`));
    expect(served.status).toBe(200);
    document = (await served.json()) as OpenApiJson;
    conformance = conformanceTo(document);
  });

  afterAll(async () => {
    await switchboard?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a valid OpenAPI 3.1 document naming the public URL', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('answers every operation as documented, successes and failures alike', async () => {
    await request('GET', '/health', { expect: 200 });

    // Sign-up, with the code the console mailer logged; a wrong code first.
    const started = await request('POST', '/v0/agent/sign-up', { body: { human_email: 'ada@example.com' }, expect: 200 });
    await request('POST', '/v0/agent/sign-up', { body: { human_email: 'not an address' }, expect: 422 });
    await request('POST', '/v0/agent/verify', { body: { verification_id: started.verification_id, otp_code: '000000' } });
    const code = codeIn(String(logger.lines.filter((line) => line.fields.mailer === 'console').at(-1)!.fields.text));
    const account = await request('POST', '/v0/agent/verify', { body: { verification_id: started.verification_id, otp_code: code }, expect: 200 });
    const key: string = account.api_key;
    const agentId: string = account.agent_id;
    const numberId: string = account.number_id;

    await request('GET', '/v1/usage', { expect: 401 });
    await request('GET', '/v1/usage', { key, expect: 200 });
    await request('GET', '/v1/usage/daily?days=3&tz=Asia/Tokyo', { key, expect: 200 });
    await request('GET', '/v1/usage/daily?days=0', { key, expect: 422 });
    await request('GET', '/v1/usage/daily?tz=Not/AZone', { key, expect: 422 });
    await request('GET', '/v1/usage/monthly', { key, expect: 200 });
    await request('GET', '/v1/usage/monthly?months=25', { key, expect: 422 });

    // Sub-accounts, and a parent's key acting on one through X-Sub-Account-Id.
    const sub = await request('POST', '/v1/sub-accounts', { key, body: { name: 'Acme Dental', numberLimit: 2 }, expect: 201 });
    await request('POST', '/v1/sub-accounts', { key, body: { name: '' }, expect: 422 });
    await request('POST', '/v1/sub-accounts', { key: sub.apiKey.key, body: { name: 'Nested' }, expect: 403 });
    await request('GET', '/v1/sub-accounts?limit=5', { key, expect: 200 });
    await request('GET', `/v1/sub-accounts/${sub.id}`, { key, expect: 200 });
    await request('PATCH', `/v1/sub-accounts/${sub.id}`, { key, body: { name: 'Acme Dental Group' }, expect: 200 });
    await request('POST', `/v1/sub-accounts/${sub.id}/api-keys`, { key, body: { name: 'customer' }, expect: 201 });
    await request('GET', '/v1/usage', { key, headers: { 'X-Sub-Account-Id': 'proj_stranger' }, expect: 404 });
    await request('GET', '/v1/usage', { key, headers: { 'X-Sub-Account-Id': sub.id }, expect: 200 });
    await request('DELETE', `/v1/sub-accounts/${sub.id}`, { key, expect: 200 });
    await request('GET', `/v1/sub-accounts/${sub.id}`, { key, expect: 404 });
    await request('GET', '/v1/usage/by-number?period=week&tz=America/New_York', { key, expect: 200 });
    await request('GET', '/v1/usage/by-number?from=2026-02-30', { key, expect: 422 });
    await request('GET', '/v1/usage/by-agent?from=2026-11-01&to=2026-11-30', { key, expect: 200 });
    await request('GET', '/v1/usage/by-agent?period=year', { key, expect: 422 });
    await request('GET', '/v1/agents/voices', { key, expect: 200 });

    const agent = await request('POST', '/v1/agents', { key, body: { name: 'Second', voiceMode: 'webhook' }, expect: 200 });
    await request('POST', '/v1/agents', { key, body: { name: 'x'.repeat(201) }, expect: 422 });
    await request('GET', '/v1/agents?limit=5', { key, expect: 200 });
    await request('GET', '/v1/agents?limit=500', { key, expect: 422 });
    await request('GET', `/v1/agents/${agent.id}`, { key, expect: 200 });
    await request('GET', '/v1/agents/agt_missing', { key, expect: 404 });
    await request('PATCH', `/v1/agents/${agent.id}`, { key, body: { greeting: 'Hello there' }, expect: 200 });

    const number = await request('POST', '/v1/numbers', { key, body: { country: 'US' }, expect: 200 });
    await request('GET', '/v1/numbers', { key, expect: 200 });
    await request('GET', `/v1/numbers/${number.id}`, { key, expect: 200 });
    await request('GET', '/v1/numbers/lookup?number=%2B14155552671', { key, expect: 200 });
    await request('GET', '/v1/numbers/lookup?number=hello', { key, expect: 422 });
    // A2P 10DLC: nothing yet, a refused body, a submission, the simulated approval, a second one refused.
    await request('GET', '/v1/register/status', { key, expect: 200 });
    await request('POST', '/v1/register', { key, body: { ...aRegisterBody(), campaign: { useCase: 'SPAM' } }, expect: 422 });
    await request('POST', '/v1/register', { key, body: aRegisterBody(), expect: 200 });
    await request('GET', '/v1/register/status', { key, expect: 200 });
    await request('POST', '/v1/register', { key, body: aRegisterBody(), expect: 409 });
    await request('POST', `/v1/agents/${agent.id}/numbers`, { key, body: { numberId: number.id }, expect: 200 });
    await request('DELETE', `/v1/agents/${agent.id}/numbers/${number.id}`, { key, expect: 200 });

    const contact = await request('POST', '/v1/contacts', { key, body: { name: 'Grace', phoneNumber: '+12125550123', email: 'grace@example.com' }, expect: 201 });
    await request('GET', '/v1/contacts?search=Gra', { key, expect: 200 });
    await request('GET', `/v1/contacts/${contact.id}`, { key, expect: 200 });
    await request('PATCH', `/v1/contacts/${contact.id}`, { key, body: { notes: 'Prefers texts' }, expect: 200 });
    await request('DELETE', `/v1/contacts/${contact.id}`, { key, expect: 204 });

    // The suppression list: one number as JSON, more as CSV, the export, a removal.
    await request('POST', '/v1/suppressions', { key, body: { phoneNumber: '+12125550177', channel: 'voice', reason: 'asked on a call' }, expect: 201 });
    await request('POST', '/v1/suppressions', { key, body: { phoneNumber: 'not a number' }, expect: 422 });
    await request('POST', '/v1/suppressions', { key, csv: 'phoneNumber,channel\n+12125550178,sms\n', expect: 201 });
    await request('GET', '/v1/suppressions?limit=10', { key, expect: 200 });
    await request('POST', '/v1/contacts/import', { key, csv: 'name,phoneNumber,voiceConsent\n Lin,+12125550179,express\n', expect: 201 });
    await request('POST', '/v1/contacts/import', { key, csv: 'name,phoneNumber,voiceConsent\nLin,+12125550179,sometimes\n', expect: 422 });
    await request('PATCH', '/v1/outbound-settings', { key, body: { attemptCap: { attempts: 7, withinSeconds: 604_800 }, callingWindow: { timeZone: 'America/Chicago' } }, expect: 200 });
    await request('PATCH', '/v1/outbound-settings', { key, body: { attemptCap: { attempts: 0, withinSeconds: 60 } }, expect: 422 });
    await request('PATCH', '/v1/outbound-settings', { key, body: { attemptCap: 'node_default', callingWindow: null }, expect: 200 });
    await request('GET', '/v1/outbound-settings', { key, expect: 200 });
    await request('GET', '/v1/suppressions/export.csv', { key, expect: 200 });
    await request('GET', `/v1/audit-events?kind=suppression.added&phoneNumber=${encodeURIComponent('+12125550177')}&since=2026-01-01T00:00:00Z`, { key, expect: 200 });
    await request('GET', '/v1/audit-events?kind=nope', { key, expect: 422 });
    await request('GET', '/v1/audit-events/export.csv?kind=attempt.refused', { key, expect: 200 });
    await request('DELETE', `/v1/suppressions/${encodeURIComponent('+12125550177')}?channel=voice`, { key, expect: 204 });

    // A knowledge base: documents added, changed, searched and deleted.
    const kb = await request('POST', '/v1/knowledge-bases', { key, body: { name: 'Help centre', description: 'What callers ask' }, expect: 201 });
    await request('POST', '/v1/knowledge-bases', { key, body: { name: '' }, expect: 422 });
    await request('GET', '/v1/knowledge-bases?limit=5', { key, expect: 200 });
    await request('GET', `/v1/knowledge-bases/${kb.id}`, { key, expect: 200 });
    await request('PATCH', `/v1/knowledge-bases/${kb.id}`, { key, body: { description: null }, expect: 200 });
    const doc = await request('POST', `/v1/knowledge-bases/${kb.id}/documents`, { key, body: { format: 'markdown', content: '# Refunds\n\nRefunds take five days.' }, expect: 201 });
    await request('POST', `/v1/knowledge-bases/${kb.id}/documents`, { key, body: { format: 'text', content: 'x'.repeat(200_001) }, expect: 413 });
    await request('POST', `/v1/knowledge-bases/${kb.id}/documents`, { key, body: { format: 'pdf', content: '%PDF' }, expect: 422 });
    await request('GET', `/v1/knowledge-bases/${kb.id}/documents`, { key, expect: 200 });
    await request('GET', `/v1/knowledge-bases/${kb.id}/documents/${doc.id}`, { key, expect: 200 });
    await request('PATCH', `/v1/knowledge-bases/${kb.id}/documents/${doc.id}`, { key, body: { format: 'html', content: '<h1>Refunds</h1><p>Five working days.</p>' }, expect: 200 });
    await request('GET', `/v1/knowledge-bases/${kb.id}/search?q=refund`, { key, expect: 200 });
    await request('GET', '/v1/knowledge-bases/kb_missing/search?q=refund', { key, expect: 404 });
    await request('DELETE', `/v1/knowledge-bases/${kb.id}/documents/${doc.id}`, { key, expect: 204 });
    await request('DELETE', `/v1/knowledge-bases/${kb.id}`, { key, expect: 204 });

    // Scenario tests kept with an agent, and runs of them (the second waits behind the first, so its cancel finds it queued).
    const scenario = { name: 'hangs up', caller: { script: [{ hangUp: true }] }, expect: [{ hungUp: true }] };
    const test = await request('POST', `/v1/agents/${agent.id}/tests`, { key, body: scenario, expect: 201 });
    await request('POST', `/v1/agents/${agent.id}/tests`, { key, body: { ...scenario, agent: { id: agent.id } }, expect: 422 });
    await request('POST', `/v1/agents/${agent.id}/tests`, { key, body: { ...scenario, description: 'x'.repeat(5000), variables: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`v${i}`, 'y'.repeat(190)])) }, expect: 413 });
    await request('GET', `/v1/agents/${agent.id}/tests`, { key, expect: 200 });
    await request('GET', `/v1/agents/${agent.id}/tests/${test.id}`, { key, expect: 200 });
    await request('PATCH', `/v1/agents/${agent.id}/tests/${test.id}`, { key, body: { ...scenario, name: 'hangs up at once' }, expect: 200 });
    const run = await request('POST', '/v1/test-runs', { key, body: { agentId: agent.id }, expect: 202 });
    const waiting = await request('POST', '/v1/test-runs', { key, body: { agentId: agent.id, testIds: [test.id], seed: 7 }, expect: 202 });
    await request('POST', `/v1/test-runs/${waiting.id}/cancel`, { key, expect: 200 });
    await request('POST', `/v1/test-runs/${waiting.id}/cancel`, { key, expect: 409 });
    await request('POST', '/v1/test-runs', { key, body: { agentId: agent.id, testIds: [] }, expect: 422 });
    await request('GET', `/v1/test-runs/${run.id}`, { key, expect: 200 });
    await request('GET', `/v1/test-runs?agentId=${agent.id}`, { key, expect: 200 });
    await request('GET', '/v1/test-runs/trun_missing', { key, expect: 404 });
    await request('DELETE', `/v1/agents/${agent.id}/tests/${test.id}`, { key, expect: 204 });

    // Webhooks: the project's default and an agent's own; the receiver refuses at once.
    const hook = { url: 'http://127.0.0.1:9/hook' };
    await request('GET', '/v1/webhooks', { key, expect: 200 });
    await request('POST', '/v1/webhooks', { key, body: hook, expect: 200 });
    await request('GET', '/v1/webhooks', { key, expect: 200 });
    await request('GET', `/v1/agents/${agent.id}/webhook`, { key, expect: 200 });
    await request('POST', `/v1/agents/${agent.id}/webhook`, { key, body: { ...hook, timeout: 10 }, expect: 200 });
    await request('POST', `/v1/agents/${agent.id}/webhook/test`, { key, expect: 200 });
    await request('POST', `/v1/webhooks/test?agentId=${agentId}`, { key, expect: 200 });

    // A text out, its conversation and messages.
    const sent = await request('POST', '/v1/messages', { key, body: { agent_id: agentId, to_number: '+12125550123', body: 'Hi from the test' }, expect: 200 });
    await request('POST', '/v1/messages', { key, body: { agent_id: agentId, to_number: '+12125550123', body: '' }, expect: 422 });
    await request('GET', `/v1/numbers/${numberId}/messages?limit=10`, { key, expect: 200 });
    await request('GET', '/v1/conversations', { key, expect: 200 });
    await request('GET', `/v1/agents/${agentId}/conversations`, { key, expect: 200 });
    await request('GET', `/v1/conversations/${sent.conversation_id}?message_limit=5`, { key, expect: 200 });
    await request('PATCH', `/v1/conversations/${sent.conversation_id}`, { key, body: { state: { step: 2 } }, expect: 200 });
    await request('GET', `/v1/conversations/${sent.conversation_id}/messages?before=2100-01-01T00:00:00Z`, { key, expect: 200 });

    // Calls on the simulated carrier.
    const call = await request('POST', '/v1/calls', { key, body: { agentId, toNumber: '+12125550123' }, expect: 200 });
    await request('GET', '/v1/calls?status=in-progress', { key, expect: 200 });
    await request('GET', `/v1/agents/${agentId}/calls`, { key, expect: 200 });
    await request('GET', `/v1/calls/${call.id}`, { key, expect: 200 });
    await request('GET', `/v1/calls/${call.id}/transcript`, { key, expect: 200 });
    await request('GET', `/v1/calls/${call.id}/transcript/stream`, { key, expect: 200 });
    await request('GET', `/v1/calls/${call.id}/recording`, { key });
    await request('POST', `/v1/calls/${call.id}/scenario`, { key, expect: 409 });
    await request('POST', `/v1/calls/${call.id}/end`, { key, expect: 200 });
    await request('POST', `/v1/calls/${call.id}/scenario`, { key });
    await request('POST', '/v1/calls/web', { key, body: { agentId, metadata: { from: 'test' } }, expect: 200 });

    // The delivery log, now that events were sent.
    await request('GET', '/v1/webhooks/deliveries?hours=24', { key, expect: 200 });
    await request('GET', '/v1/webhooks/deliveries/stats', { key, expect: 200 });
    await request('GET', '/v1/webhooks/deliveries/all-time', { key, expect: 200 });
    await request('GET', `/v1/agents/${agentId}/webhook/deliveries`, { key, expect: 200 });
    await request('DELETE', `/v1/agents/${agent.id}/webhook`, { key, expect: 200 });
    await request('DELETE', '/v1/webhooks', { key, expect: 200 });

    // A campaign, scheduled far ahead so that nothing is dialled while its answers are checked.
    const schedule = { startAt: '2100-01-01T09:00:00Z', weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00' };
    await request('POST', '/v1/campaigns', { key, body: { name: 'Spring', agentId, recipients: [{ phoneNumber: '+442079460000' }] }, expect: 422 });
    const campaign = await request('POST', '/v1/campaigns', {
      key,
      body: { name: 'Spring', agentId, schedule, retry: { maxAttempts: 2 }, recipients: [{ phoneNumber: '+12125550124', variables: { first: 'Ada' } }] },
      expect: 201,
    });
    await request('POST', `/v1/campaigns/${campaign.id}/recipients`, { key, body: { recipients: [{ phoneNumber: '+12125550125' }] }, expect: 201 });
    await request('POST', `/v1/campaigns/${campaign.id}/recipients`, { key, csv: 'phoneNumber,first\r\n+12125550126,Grace\r\n', expect: 201 });
    await request('POST', `/v1/campaigns/${campaign.id}/recipients`, { key, csv: 'name\r\nAda\r\n', expect: 422 });
    await request('GET', `/v1/campaigns/${campaign.id}`, { key, expect: 200 });
    await request('POST', `/v1/campaigns/${campaign.id}/preview`, { key, expect: 200 });
    await request('POST', '/v1/campaigns/cmp_missing/preview', { key, expect: 404 });
    await request('GET', '/v1/campaigns/cmp_missing', { key, expect: 404 });
    await request('GET', '/v1/campaigns?limit=5', { key, expect: 200 });
    await request('GET', `/v1/campaigns/${campaign.id}/recipients?status=pending`, { key, expect: 200 });
    await request('POST', `/v1/campaigns/${campaign.id}/start`, { key, expect: 200 });
    await request('POST', `/v1/campaigns/${campaign.id}/start`, { key, expect: 409 });
    await request('POST', `/v1/campaigns/${campaign.id}/pause`, { key, expect: 200 });
    await request('POST', `/v1/campaigns/${campaign.id}/resume`, { key, expect: 200 });
    await request('POST', `/v1/campaigns/${campaign.id}/cancel`, { key, expect: 200 });
    await request('POST', `/v1/campaigns/${campaign.id}/recipients`, { key, body: { recipients: [{ phoneNumber: '+12125550127' }] }, expect: 409 });
    const results: string = await request('GET', `/v1/campaigns/${campaign.id}/results.csv`, { key, expect: 200 });
    expect(results.split('\r\n')[0]).toMatch(/^recipientId,phoneNumber,/);

    // Failures whose statuses only `default` used to describe.
    const unknownAgent = 'agt_missing';
    await request('POST', '/v1/calls', { key, body: { agentId: unknownAgent, toNumber: '+12125550123' }, expect: 404 });
    await request('POST', '/v1/calls/web', { key, body: { agentId: unknownAgent }, expect: 404 });
    await request('POST', '/v1/calls/call_unknown/scenario', { key, expect: 404 });
    await request('POST', '/v1/messages', { key, body: { agent_id: unknownAgent, to_number: '+12125550123', body: 'Hi' }, expect: 404 });
    await request('POST', `/v1/webhooks/test?agentId=${unknownAgent}`, { key, expect: 404 });
    await request('GET', `/v1/agents/${'a'.repeat(201)}`, { key, expect: 422 });
    await request('GET', `/v1/calls/${'c'.repeat(201)}/transcript`, { key, expect: 422 });

    await request('DELETE', `/v1/agents/${agent.id}`, { key, expect: 200 });
    await request('DELETE', `/v1/numbers/${number.id}`, { key, expect: 200 });
    await request('DELETE', `/v1/numbers/${number.id}`, { key, expect: 400 });
    await request('POST', `/v1/agents/${agentId}/numbers`, { key, body: { numberId: number.id }, expect: 400 });

    expect(problems).toEqual([]);
    expect(conformance.unseen()).toEqual([]);
    // Failures were checked against the error envelope too, not only successes.
    const statuses = new Set([...conformance.seen.values()].flatMap((seen) => [...seen]));
    expect([...statuses]).toEqual(expect.arrayContaining(['200', '201', '204', '400', '401', '404', '409', '422']));
  });

  it('asks for the API key everywhere but where an operation says it needs none', () => {
    const { security, paths } = document as unknown as { security: unknown; paths: Record<string, Record<string, { security: unknown }>> };
    expect(security).toEqual([{ apiKey: [] }]);
    expect(paths['/v0/agent/sign-up']!.post!.security).toEqual([]);
    expect(paths['/v0/agent/verify']!.post!.security).toEqual([]);
    expect(paths['/health']!.get!.security).toEqual([]);
  });

  it('would notice a body its schema does not allow, or a status not documented', () => {
    const usage = { balance: 1, balanceCents: 100, currency: 'USD', numbers: { active: 1, provisionedLifetime: 1, limit: 5 }, chargesThisMonthCents: 0, chargesThisMonth: 0, recordingEnabled: false };
    expect(conformance.check('GET', '/v1/usage', 200, 'application/json', usage).problems).toEqual([]);
    expect(conformance.check('GET', '/v1/usage', 200, 'application/json', { ...usage, extra: 1 }).problems).not.toEqual([]);
    expect(conformance.check('GET', '/v1/usage', 200, 'application/json', { ...usage, currency: 'EUR' }).problems).not.toEqual([]);
    expect(conformance.check('GET', '/v1/usage', 404, 'application/json', { error: {} }).problems).not.toEqual([]);
    expect(conformance.check('GET', '/v1/nowhere', 404, 'application/json', {}).problems).not.toEqual([]);
    // A status the operation answers on purpose, described by `default` alone, is not enough.
    const withoutNotFound = structuredClone(document) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    delete withoutNotFound.paths['/v1/agents/{agentId}']!.get!.responses['404'];
    const envelope = { error: { message: 'agent agt_x not found', code: 'NOT_FOUND', type: 'not_found' }, detail: 'agent agt_x not found' };
    expect(conformanceTo(withoutNotFound as unknown as OpenApiJson).check('GET', '/v1/agents/agt_x', 404, 'application/json', envelope).problems).toEqual([
      'status 404 is described only by default',
    ]);
  });
});
