import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from '../mcp/mcp-harness.js';

const WRITTEN = { basis: 'express_written', source: 'web form /signup', capturedAt: '2026-11-30T14:00:00Z', evidence: 'https://example.com/consents/42' };

/**
 * Consent on record per contact and channel, set through REST and MCP, and asked for by
 * `requireConsent` on calls and texts (REST and MCP), which refuse with 422 CONSENT_REQUIRED.
 */
describe('consent on record', () => {
  let h: McpHarness;
  let client: Client;
  let agent: { id: string };
  const tool = async (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const codeOf = (reply: { status: number; body: unknown }) =>
    reply.status < 300 ? null : `${reply.status} ${(reply.body as { error: { code: string } }).error.code}`;

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory' });
    client = await h.httpClient(h.owner.key);
    agent = resultOf(await tool('create_agent', { name: 'Outreach' }));
    resultOf(await tool('buy_number', { area_code: '415', agent_id: agent.id, confirm: true }));
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('keeps a contact’s consent per channel through the API: a channel left out of a change stays, null clears it', async () => {
    const created = await h.api('POST', '/v1/contacts', { name: 'Ada', phoneNumber: '+12125550181', consent: { voice: WRITTEN } });
    expect(created).toMatchObject({ status: 201, body: { consent: { voice: { ...WRITTEN, capturedAt: '2026-11-30T14:00:00.000Z' }, sms: null } } });
    const id = (created.body as { id: string }).id;

    const texting = await h.api('PATCH', `/v1/contacts/${id}`, { consent: { sms: { basis: 'express' } } });
    expect(texting.body).toMatchObject({ consent: { voice: { basis: 'express_written' }, sms: { basis: 'express', source: null, capturedAt: null, evidence: null } } });
    const cleared = await h.api('PATCH', `/v1/contacts/${id}`, { consent: { voice: null } });
    expect(cleared.body).toMatchObject({ consent: { voice: null, sms: { basis: 'express' } } });
    expect((await h.api('GET', `/v1/contacts/${id}`)).body).toMatchObject({ consent: { voice: null, sms: { basis: 'express' } } });
  });

  it('refuses a consent of no known basis or a capture time without a zone, naming the field', async () => {
    const badBasis = await h.api('POST', '/v1/contacts', { name: 'Bob', phoneNumber: '+12125550182', consent: { voice: { basis: 'implied' } } });
    const badTime = await h.api('POST', '/v1/contacts', { name: 'Bob', phoneNumber: '+12125550182', consent: { sms: { basis: 'express', capturedAt: 'yesterday' } } });

    expect(badBasis).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
    expect(JSON.stringify(badBasis.body)).toContain('consent.voice.basis');
    expect(badTime).toMatchObject({ status: 422 });
    expect(JSON.stringify(badTime.body)).toContain('consent.sms.capturedAt');
    expect((await h.api('GET', '/v1/contacts?search=Bob')).body).toMatchObject({ data: [] });
  });

  it('sets consent through MCP’s manage_contact', async () => {
    const made = resultOf(await tool('manage_contact', { action: 'create', name: 'Cleo', phone_number: '+12125550183', consent: { sms: { basis: 'existing_relationship', source: 'store' } } }));

    expect(made).toMatchObject({ consent: { voice: null, sms: { basis: 'existing_relationship', source: 'store' } } });
  });

  const paths: readonly { readonly path: string; readonly attempt: (to: string, basis: string) => Promise<string | null>; readonly channel: 'voice' | 'sms' }[] = [
    { path: 'POST /v1/calls', channel: 'voice', attempt: async (to, basis) => codeOf(await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: to, requireConsent: basis })) },
    {
      path: 'POST /v1/messages',
      channel: 'sms',
      attempt: async (to, basis) => codeOf(await h.api('POST', '/v1/messages', { agent_id: agent.id, to_number: to, body: 'Hello', require_consent: basis })),
    },
    {
      path: 'MCP make_call',
      channel: 'voice',
      attempt: async (to, basis) => {
        const result = (await tool('make_call', { agent_id: agent.id, to_number: to, require_consent: basis })) as { isError?: boolean };
        return result.isError ? `422 ${toolErrorOf(result).code}` : null;
      },
    },
    {
      path: 'MCP send_message',
      channel: 'sms',
      attempt: async (to, basis) => {
        const result = (await tool('send_message', { agent_id: agent.id, to_number: to, body: 'Hello', require_consent: basis })) as { isError?: boolean };
        return result.isError ? `422 ${toolErrorOf(result).code}` : null;
      },
    },
  ];

  it.each(paths)('$path with requireConsent refuses a number without that consent (or a stronger one) on its channel, and lets the rest through', async ({ attempt, channel }) => {
    const other = channel === 'voice' ? 'sms' : 'voice';
    const path = paths.findIndex((p) => p.attempt === attempt);
    const number = (n: number) => `+121255501${path}${n}`;
    await h.api('POST', '/v1/contacts', { name: 'Weak', phoneNumber: number(1), consent: { [channel]: { basis: 'express' } } });
    await h.api('POST', '/v1/contacts', { name: 'Elsewhere', phoneNumber: number(2), consent: { [other]: WRITTEN } });
    await h.api('POST', '/v1/contacts', { name: 'Strong', phoneNumber: number(3), consent: { [channel]: WRITTEN } });

    expect(await attempt(number(4), 'existing_relationship')).toBe('422 CONSENT_REQUIRED');
    expect(await attempt(number(1), 'express_written')).toBe('422 CONSENT_REQUIRED');
    expect(await attempt(number(2), 'express_written')).toBe('422 CONSENT_REQUIRED');
    expect(await attempt(number(1), 'express')).toBeNull();
    expect(await attempt(number(3), 'express_written')).toBeNull();
  });

  it('refuses a requireConsent that is no basis to require', async () => {
    const reply = await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: '+12125550199', requireConsent: 'none' });

    expect(reply).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
  });

  it('keeps a campaign’s requireConsent, and refuses one that is no basis', async () => {
    const made = await h.api('POST', '/v1/campaigns', { name: 'Renewals', agentId: agent.id, requireConsent: 'express_written' });
    const bad = await h.api('POST', '/v1/campaigns', { name: 'Renewals', agentId: agent.id, requireConsent: 'maybe' });

    expect(made).toMatchObject({ status: 201, body: { requireConsent: 'express_written' } });
    expect((await h.api('GET', `/v1/campaigns/${(made.body as { id: string }).id}`)).body).toMatchObject({ requireConsent: 'express_written' });
    expect(bad).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
  });
});
