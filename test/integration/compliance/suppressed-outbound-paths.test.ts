import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aConversation, aMessage } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { anMcpSwitchboard, resultOf, toolErrorOf, type McpHarness } from '../mcp/mcp-harness.js';

const SUPPRESSED = '+12125550171';
const ALLOWED = '+12125550172';
/** Every day, all day: the engine may dial whenever the test runs. */
const ANY_TIME = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'America/New_York' };

/**
 * Every outbound path refuses a number on the suppression list, on the real composition (REST,
 * MCP over Streamable HTTP, the campaign engine and the outbox of queued texts on the simulated carrier).
 */
describe('a suppressed number on every outbound path', () => {
  let h: McpHarness;
  let client: Client;
  let agent: { id: string };
  const tool = async (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory' });
    client = await h.httpClient(h.owner.key);
    agent = resultOf(await tool('create_agent', { name: 'Outreach' }));
    resultOf(await tool('buy_number', { area_code: '415', agent_id: agent.id, confirm: true }));
    const listed = await h.api('POST', '/v1/suppressions', { phoneNumber: SUPPRESSED, reason: 'asked by phone' });
    expect(listed).toMatchObject({ status: 201, body: { added: 1, alreadyListed: 0 } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const paths: readonly { readonly path: string; readonly attempt: (to: string) => Promise<{ code: string | null }> }[] = [
    {
      path: 'POST /v1/calls',
      attempt: async (to) => {
        const reply = await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: to });
        return { code: reply.status === 409 ? (reply.body as { error: { code: string } }).error.code : reply.status < 300 ? null : `HTTP ${reply.status}` };
      },
    },
    {
      path: 'POST /v1/messages',
      attempt: async (to) => {
        const reply = await h.api('POST', '/v1/messages', { agent_id: agent.id, to_number: to, body: 'Hello' });
        return { code: reply.status === 409 ? (reply.body as { error: { code: string } }).error.code : reply.status < 300 ? null : `HTTP ${reply.status}` };
      },
    },
    {
      path: 'MCP make_call',
      attempt: async (to) => {
        const result = (await tool('make_call', { agent_id: agent.id, to_number: to })) as { isError?: boolean };
        return { code: result.isError ? toolErrorOf(result).code : null };
      },
    },
    {
      path: 'MCP make_conversation_call',
      attempt: async (to) => {
        const result = (await tool('make_conversation_call', { agent_id: agent.id, to_number: to, topic: 'Confirm the appointment.', wait: false })) as { isError?: boolean };
        return { code: result.isError ? toolErrorOf(result).code : null };
      },
    },
    {
      path: 'MCP send_message',
      attempt: async (to) => {
        const result = (await tool('send_message', { agent_id: agent.id, to_number: to, body: 'Hello' })) as { isError?: boolean };
        return { code: result.isError ? toolErrorOf(result).code : null };
      },
    },
    {
      path: 'a campaign',
      attempt: async (to) => {
        const created = resultOf(await tool('create_campaign', { name: `To ${to}`, agent_id: agent.id, schedule: ANY_TIME }));
        resultOf(await tool('add_campaign_recipients', { campaign_id: created.id, recipients: [{ phoneNumber: to }] }));
        resultOf(await tool('start_campaign', { campaign_id: created.id }));
        const recipient = await eventually(async () => {
          const page = resultOf(await tool('list_campaign_recipients', { campaign_id: created.id }));
          const [only] = page.data as { status: string; skipReason: string | null }[];
          return only && only.status !== 'pending' ? only : null;
        }, { what: 'the campaign to settle its recipient' });
        return { code: recipient.status === 'skipped' && recipient.skipReason === 'do_not_call' ? 'CONTACT_SUPPRESSED' : null };
      },
    },
    {
      path: 'a queued text retried by the outbox',
      attempt: async (to) => {
        const body = `Queued for ${to}`;
        // A text stored and queued before the number was suppressed, whose sender died before the carrier got it: its hold is over, the outbox retries it.
        const queued = await h.read(async (tx) => {
          const [number] = await tx.numbers.listByAgents([agent.id]);
          const conversation = (await tx.conversations.findByThread(number!.id, trustE164(to))) ?? aConversation(number!, { participant: trustE164(to) });
          const message = aMessage(conversation, { direction: 'outbound', body, receivedAt: new Date() });
          await tx.conversations.save(conversation);
          await tx.messages.save(message);
          await tx.outboundTexts.enqueue({ messageId: message.id, projectId: message.projectId, createdAt: message.receivedAt }, new Date());
          return message;
        });
        const settled = await eventually(async () => {
          const message = await h.read((tx) => tx.messages.findById(queued.projectId, queued.id));
          return message && message.status !== 'queued' ? message : null;
        }, { what: 'the outbox to settle the queued text' });
        const sent = h.telephony.outbox.some((m) => m.body === body);
        return { code: settled.status === 'failed' && !sent ? 'CONTACT_SUPPRESSED' : sent ? null : `status ${settled.status}` };
      },
    },
  ];

  it.each(paths)('$path refuses it with CONTACT_SUPPRESSED and lets another number through', async ({ attempt }) => {
    const callsBefore = h.telephony.placedCalls.filter((c) => c.to === SUPPRESSED).length;
    expect(await attempt(SUPPRESSED)).toEqual({ code: 'CONTACT_SUPPRESSED' });
    expect(await attempt(ALLOWED)).toEqual({ code: null });
    expect(h.telephony.placedCalls.filter((c) => c.to === SUPPRESSED)).toHaveLength(callsBefore);
    expect(h.telephony.outbox.filter((m) => m.to === SUPPRESSED)).toEqual([]);
  });

  it('keeps each refusal on the audit trail with the way in it came by, read through MCP too', async () => {
    const refused = resultOf(await tool('list_audit_events', { kind: 'attempt.refused', phoneNumber: SUPPRESSED, limit: 50 }));
    const paths = (refused.data as { details: { path: string }; reason: string; actor: { type: string } }[]).map((e) => `${e.details.path} ${e.reason} ${e.actor.type}`);
    const byKey = ['MCP make_call', 'MCP make_conversation_call', 'MCP send_message', 'POST /v1/calls', 'POST /v1/messages'].map((path) => `${path} CONTACT_SUPPRESSED api_key`);
    // The outbox's retry of a text queued before the number was listed: Switchboard's own attempt.
    expect(paths.sort()).toEqual([...byKey, 'queued text retry CONTACT_SUPPRESSED system'].sort());
    const listed = resultOf(await tool('list_audit_events', { kind: 'suppression.added' }));
    expect(listed).toMatchObject({ total: 1, data: [{ phoneNumber: SUPPRESSED, channel: 'all', reason: 'asked by phone', actor: { type: 'api_key' }, details: { source: 'operator' } }] });
    expect((await tool('list_audit_events', { kind: 'nope' })) as { isError?: boolean }).toMatchObject({ isError: true });
  });

  it('lists, exports and removes the entry; the number can be called again', async () => {
    const page = await h.api('GET', '/v1/suppressions?limit=10');
    expect(page.body).toMatchObject({ data: [{ phoneNumber: SUPPRESSED, channel: 'all', reason: 'asked by phone', source: 'operator' }], total: 1, hasMore: false });
    const exported = await h.api('GET', '/v1/suppressions/export.csv');
    expect(exported.text.split('\r\n')[0]).toBe('phoneNumber,channel,reason,source,createdAt');
    expect(exported.text).toContain(`${SUPPRESSED},all,asked by phone,operator,`);

    expect((await h.api('DELETE', `/v1/suppressions/${encodeURIComponent(SUPPRESSED)}?channel=sms`)).status).toBe(404);
    expect((await h.api('DELETE', `/v1/suppressions/${encodeURIComponent(SUPPRESSED)}`)).status).toBe(204);
    expect((await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: SUPPRESSED })).status).toBe(200);
  });

  it('imports a CSV (an export imports as it is), reporting bad rows by line and then adding nothing', async () => {
    const post = (csv: string) =>
      fetch(`${h.url}/v1/suppressions`, { method: 'POST', headers: { authorization: `Bearer ${h.owner.key}`, 'content-type': 'text/csv' }, body: csv });
    const bad = await post('phoneNumber,channel\n+12125550181,voice\nnot a number,sms\n+12125550182,fax\n');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { details: { field: string }[] } }).error.details.map((d) => d.field)).toEqual(['line 3', 'line 4']);
    const good = await post('phoneNumber,channel,reason,source,createdAt\n+12125550181,voice,,operator,2026-01-01T00:00:00Z\n+12125550182,sms,texted us,import,\n+12125550181,voice,again,,\n');
    expect(good.status).toBe(201);
    expect(await good.json()).toEqual({ added: 2, alreadyListed: 1 });
    expect((await h.api('POST', '/v1/messages', { agent_id: agent.id, to_number: '+12125550182', body: 'x' })).status).toBe(409);
    expect((await h.api('POST', '/v1/messages', { agent_id: agent.id, to_number: '+12125550181', body: 'x' })).status).toBe(200);
  });
});
