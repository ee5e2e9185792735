import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminGraphql } from '../../../src/adapters/graphql-admin/create-admin-graphql.js';
import { eventually } from '../../support/eventually.js';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

const PROJECT = `query ($id: ID!) { project(id: $id) {
  id email status numberLimit recordingEnabled balanceCents balance
  usage { balanceCents activeNumbers provisionedLifetime numberLimit chargesThisMonthCents recordingEnabled }
  ledger(limit: 50) { total hasMore items { amountCents reason note resourceId periodEnd } }
} }`;

describe(createAdminGraphql.name, () => {
  let h: AdminHarness;
  beforeEach(async () => {
    h = await anAdminConsole();
  });
  afterEach(async () => {
    await h.stop();
  });

  describe('authorisation', () => {
    it('refuses every operation without the admin token (401), whatever the transport', async () => {
      const query = '{ projects { total } }';
      for (const token of [null, 'wrong-token', h.owner.key]) {
        const reply = await h.gql(query, {}, token);
        expect(reply.status).toBe(401);
        expect(reply.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
        expect(JSON.stringify(reply.body)).not.toContain(h.owner.projectId);
      }
      const viaGet = await fetch(`${h.url}/admin/graphql?query=${encodeURIComponent(query)}`, { headers: { accept: 'application/json' } });
      expect(viaGet.status).toBe(401);
      const viaSse = await fetch(`${h.url}/admin/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: `subscription { deliveries(projectId: "${h.owner.projectId}") { kind } }` }),
      });
      expect(viaSse.status).toBe(401);
      expect((await h.gql(query)).status).toBe(200);
    });

    it('serves the GraphiQL page without the token, and the page runs nothing', async () => {
      const page = await fetch(`${h.url}/admin/graphql?query=${encodeURIComponent('{ projects { items { email } } }')}`, {
        headers: { accept: 'text/html' },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('Switchboard admin');
      expect(html).toContain('renderYogaGraphiQL');
      expect(html).not.toContain('@example.com');
    });

    it('takes only its own instance’s token', async () => {
      const other = await anAdminConsole();
      try {
        expect(other.sut.adminToken()).not.toBe(h.sut.adminToken());
        expect((await other.gql('{ projects { total } }', {}, h.sut.adminToken())).status).toBe(401);
      } finally {
        await other.stop();
      }
    });
  });

  describe('projects and accounts', () => {
    it('finds projects by e-mail, with balance, usage, number limit and the ledger', async () => {
      await h.anAgentOnTheLine();
      const { projects } = await h.data('query ($email: String) { projects(email: $email) { total hasMore items { id email } } }', {
        email: h.owner.projectId ? 'VOICE-' : '',
      });
      expect(projects).toMatchObject({ total: 1, hasMore: false, items: [{ id: h.owner.projectId }] });
      expect((await h.data('{ projects(email: "nobody@") { total items { id } } }')).projects).toEqual({ total: 0, items: [] });

      const { project } = await h.data(PROJECT, { id: h.owner.projectId });
      expect(project).toMatchObject({
        id: h.owner.projectId,
        status: 'ACTIVE',
        numberLimit: 10,
        balanceCents: 700,
        balance: 7,
        usage: { balanceCents: 700, activeNumbers: 1, provisionedLifetime: 1, numberLimit: 10, chargesThisMonthCents: 300, recordingEnabled: false },
      });
      expect(project.ledger.total).toBe(2);
      expect(project.ledger.items.map((e: { reason: string }) => e.reason)).toEqual(['NUMBER_FIRST_MONTH', 'SIGNUP_CREDIT']);
      expect((await h.data('{ project(id: "proj_missing") { id } }')).project).toBeNull();
    });

    it('credits and debits the account with the reason in the ledger', async () => {
      const credited = await h.data(
        'mutation ($id: ID!) { creditAccount(projectId: $id, amountCents: 2500, reason: "wire transfer 42") { balanceCents entry { amountCents reason note } } }',
        { id: h.owner.projectId },
      );
      expect(credited.creditAccount).toEqual({ balanceCents: 3500, entry: { amountCents: 2500, reason: 'TOP_UP', note: 'wire transfer 42' } });
      const debited = await h.data(
        'mutation ($id: ID!) { debitAccount(projectId: $id, amountCents: 1200, reason: "duplicate credit") { balance entry { amountCents reason note } } }',
        { id: h.owner.projectId },
      );
      expect(debited.debitAccount).toEqual({ balance: 23, entry: { amountCents: -1200, reason: 'ADJUSTMENT', note: 'duplicate credit' } });
      expect((await h.api('GET', '/v1/usage')).body.balanceCents).toBe(2300);

      const refused = await h.errors('mutation ($id: ID!) { debitAccount(projectId: $id, amountCents: -5, reason: "x") { balance } }', {
        id: h.owner.projectId,
      });
      expect(refused[0]!.extensions.code).toBe('VALIDATION_ERROR');
      const noReason = await h.errors('mutation ($id: ID!) { debitAccount(projectId: $id, amountCents: 5, reason: "  ") { balance } }', {
        id: h.owner.projectId,
      });
      expect(noReason[0]!.extensions.code).toBe('VALIDATION_ERROR');
      const missing = await h.errors('mutation { creditAccount(projectId: "proj_nope", amountCents: 5) { balance } }');
      expect(missing[0]!.extensions.code).toBe('NOT_FOUND');
    });

    it('raises the number limit, never lowers it', async () => {
      const raised = await h.data('mutation ($id: ID!) { raiseNumberLimit(projectId: $id, limit: 25) { numberLimit } }', { id: h.owner.projectId });
      expect(raised.raiseNumberLimit.numberLimit).toBe(25);
      expect((await h.api('GET', '/v1/usage')).body.numbers.limit).toBe(25);
      const lowered = await h.errors('mutation ($id: ID!) { raiseNumberLimit(projectId: $id, limit: 3) { numberLimit } }', { id: h.owner.projectId });
      expect(lowered[0]!.extensions.code).toBe('VALIDATION_ERROR');
    });

    it('turns the recording add-on on (first month charged now, once) and off', async () => {
      const SET = 'mutation ($id: ID!, $on: Boolean!) { setRecording(projectId: $id, enabled: $on) { project { recordingEnabled balanceCents } charge { amountCents reason resourceId periodEnd } } }';
      const on = (await h.data(SET, { id: h.owner.projectId, on: true })).setRecording;
      expect(on.project).toEqual({ recordingEnabled: true, balanceCents: 500 });
      expect(on.charge).toMatchObject({ amountCents: -500, reason: 'RECORDING_RENEWAL', resourceId: h.owner.projectId });
      const monthLater = new Date(on.charge.periodEnd).getTime() - Date.now();
      expect(monthLater).toBeGreaterThan(27 * 86_400_000);
      expect(monthLater).toBeLessThan(32 * 86_400_000);

      expect((await h.data(SET, { id: h.owner.projectId, on: true })).setRecording.charge).toBeNull();
      const off = (await h.data(SET, { id: h.owner.projectId, on: false })).setRecording;
      expect(off).toEqual({ project: { recordingEnabled: false, balanceCents: 500 }, charge: null });
      // On again within the month already paid: nothing more to pay.
      expect((await h.data(SET, { id: h.owner.projectId, on: true })).setRecording).toEqual({
        project: { recordingEnabled: true, balanceCents: 500 },
        charge: null,
      });
      expect((await h.api('GET', '/v1/usage')).body).toMatchObject({ recordingEnabled: true, balanceCents: 500 });
    });

    it('issues and revokes API keys; suspends and reactivates a project', async () => {
      const issued = (
        await h.data('mutation ($id: ID!) { issueApiKey(projectId: $id, name: "ci") { secret apiKey { id name prefix active } } }', {
          id: h.owner.projectId,
        })
      ).issueApiKey;
      expect(issued.apiKey).toMatchObject({ name: 'ci', active: true });
      expect(issued.secret.startsWith(issued.apiKey.prefix)).toBe(true);
      expect((await h.api('GET', '/v1/agents', undefined, issued.secret)).status).toBe(200);

      const keys = (await h.data('query ($id: ID!) { project(id: $id) { apiKeys { id name active } } }', { id: h.owner.projectId })).project.apiKeys;
      expect(keys).toHaveLength(2);
      expect(JSON.stringify(keys)).not.toContain(issued.secret);

      const revoked = await h.data('mutation ($key: ID!) { revokeApiKey(keyId: $key) { active revokedAt } }', { key: issued.apiKey.id });
      expect(revoked.revokeApiKey.active).toBe(false);
      expect((await h.api('GET', '/v1/agents', undefined, issued.secret)).status).toBe(401);

      const suspended = await h.data('mutation ($id: ID!) { suspendProject(projectId: $id) { status } }', { id: h.owner.projectId });
      expect(suspended.suspendProject.status).toBe('SUSPENDED');
      const refused = await h.api('GET', '/v1/agents');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('PROJECT_SUSPENDED');
      expect((await h.data('mutation ($id: ID!) { suspendProject(projectId: $id) { status } }', { id: h.owner.projectId })).suspendProject.status).toBe(
        'SUSPENDED',
      );

      const reactivated = await h.data('mutation ($id: ID!) { reactivateProject(projectId: $id) { status } }', { id: h.owner.projectId });
      expect(reactivated.reactivateProject.status).toBe('ACTIVE');
      expect((await h.api('GET', '/v1/agents')).status).toBe(200);
    });
  });

  describe('what a project has', () => {
    it('lists agents, numbers (released ones too), contacts and webhooks', async () => {
      const line = await h.anAgentOnTheLine();
      const spare = await h.api('POST', '/v1/numbers', {});
      expect((await h.api('DELETE', `/v1/numbers/${spare.body.id}`)).status).toBe(200);
      await h.api('POST', '/v1/contacts', { name: 'Ada', phoneNumber: '+14155550111' });
      await h.api('POST', '/v1/contacts', { name: 'Grace', phoneNumber: '+14155550112' });
      await h.api('POST', '/v1/webhooks', { url: h.hook.url });

      const { project } = await h.data(
        `query ($id: ID!) { project(id: $id) {
          agents { total items { id name voiceMode numbers { id phoneNumber } } }
          numbers { total items { id status agentId releasedAt } }
          contacts(limit: 1) { total hasMore items { name phoneNumber } }
          grace: contacts(search: "grace") { total items { name } }
          webhooks { agentId url timeoutSeconds }
        } }`,
        { id: h.owner.projectId },
      );
      expect(project.agents).toMatchObject({ total: 1, items: [{ id: line.agentId, voiceMode: 'WEBHOOK', numbers: [{ id: line.numberId }] }] });
      expect(project.numbers.total).toBe(2);
      expect(project.numbers.items).toEqual([
        { id: line.numberId, status: 'ACTIVE', agentId: line.agentId, releasedAt: null },
        { id: spare.body.id, status: 'RELEASED', agentId: null, releasedAt: expect.any(String) },
      ]);
      expect(project.contacts).toMatchObject({ total: 2, hasMore: true, items: [{ name: 'Grace' }] });
      expect(project.grace).toEqual({ total: 1, items: [{ name: 'Grace' }] });
      expect(project.webhooks).toEqual([
        { agentId: null, url: h.hook.url, timeoutSeconds: expect.any(Number) },
        { agentId: line.agentId, url: h.hook.url, timeoutSeconds: expect.any(Number) },
      ]);
      const bad = await h.errors('query ($id: ID!) { project(id: $id) { agents(limit: 500) { total } } }', { id: h.owner.projectId });
      expect(bad[0]!.extensions.code).toBe('VALIDATION_ERROR');
    });

    it('injects an inbound SMS on the simulated carrier; conversations with their messages, one by id', async () => {
      const line = await h.anAgentOnTheLine();
      const SMS = 'mutation ($to: String!, $text: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: $text) { duplicate message { id body direction } conversation { id } } }';
      const first = (await h.data(SMS, { to: line.phoneNumber, text: 'Hello there' })).simulateInboundSms;
      await h.data(SMS, { to: line.phoneNumber, text: 'Are you open today?' });
      expect(first).toMatchObject({ duplicate: false, message: { body: 'Hello there', direction: 'INBOUND' } });

      const { project } = await h.data(
        `query ($id: ID!) { project(id: $id) { conversations { total items { id participant messageCount lastMessagePreview
          messages(limit: 1) { total hasMore items { body } } } } } }`,
        { id: h.owner.projectId },
      );
      expect(project.conversations).toEqual({
        total: 1,
        items: [
          {
            id: first.conversation.id,
            participant: '+14155550199',
            messageCount: 2,
            lastMessagePreview: 'Are you open today?',
            messages: { total: 2, hasMore: true, items: [{ body: 'Are you open today?' }] },
          },
        ],
      });
      const { conversation } = await h.data('query ($id: ID!) { conversation(id: $id) { projectId messages { items { body } } } }', {
        id: first.conversation.id,
      });
      expect(conversation).toEqual({ projectId: h.owner.projectId, messages: { items: [{ body: 'Are you open today?' }, { body: 'Hello there' }] } });
      expect((await h.data('{ conversation(id: "conv_none") { id } }')).conversation).toBeNull();

      const wrongNumber = await h.errors('mutation { simulateInboundSms(to: "12", from: "+14155550199", body: "x") { duplicate } }');
      expect(wrongNumber[0]!.extensions.code).toBe('VALIDATION_ERROR');
      const nobodysNumber = await h.errors('mutation { simulateInboundSms(to: "+12025550000", from: "+14155550199", body: "x") { duplicate } }');
      expect(nobodysNumber[0]!.extensions.code).toBe('PHONE_NUMBER_NOT_FOUND');
    });

    it('starts an inbound call, speaks as the caller, reads calls with transcripts and ends the call', async () => {
      const line = await h.anAgentOnTheLine();
      const started = (
        await h.data('mutation ($to: String!) { simulateInboundCall(to: $to, from: "+14155550123") { id status direction type } }', {
          to: line.phoneNumber,
        })
      ).simulateInboundCall;
      expect(started).toMatchObject({ status: 'IN_PROGRESS', direction: 'INBOUND', type: 'PSTN' });

      await h.data('mutation ($id: ID!) { sayAsCaller(callId: $id, text: "Do you deliver?") { id } }', { id: started.id });
      const CALL = 'query ($id: ID!) { call(id: $id) { id projectId status disconnectionReason transcript { role content sequence } } }';
      const transcript = await eventually(async () => {
        const { call } = await h.data(CALL, { id: started.id });
        return call.transcript.length >= 3 ? call.transcript : undefined;
      });
      expect(transcript.map((t: { role: string; content: string }) => [t.role, t.content])).toEqual([
        ['AGENT', 'Hi, this is Acme.'],
        ['USER', 'Do you deliver?'],
        ['AGENT', 'You said Do you deliver?.'],
      ]);

      const { project } = await h.data(
        'query ($id: ID!) { project(id: $id) { calls(status: IN_PROGRESS) { total items { id transcript { content } } } none: calls(type: WEB) { total } } }',
        { id: h.owner.projectId },
      );
      expect(project.calls.total).toBe(1);
      expect(project.calls.items[0].transcript).toHaveLength(3);
      expect(project.none.total).toBe(0);

      const ended = (await h.data('mutation ($id: ID!) { endCall(callId: $id) { status disconnectionReason } }', { id: started.id })).endCall;
      expect(ended).toEqual({ status: 'COMPLETED', disconnectionReason: 'ended_by_api' });
      const again = await h.errors('mutation ($id: ID!) { endCall(callId: $id) { status } }', { id: started.id });
      expect(again[0]!.extensions.code).toBe('CONFLICT');
      const silent = await h.errors('mutation ($id: ID!) { sayAsCaller(callId: $id, text: "hello?") { id } }', { id: started.id });
      expect(silent[0]!.extensions.code).toBe('CONFLICT');
      expect((await h.data('{ call(id: "call_none") { id } }')).call).toBeNull();
    });

    it('filters deliveries by status and event type, counts them, and redelivers a failed one now', async () => {
      const line = await h.anAgentOnTheLine();
      h.events.status = 500;
      const SMS = 'mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: "ping") { message { id } } }';
      await h.data(SMS, { to: line.phoneNumber });
      const DELIVERIES = `query ($id: ID!, $status: DeliveryStatus, $type: WebhookEventType) { project(id: $id) {
        deliveries(status: $status, eventType: $type) { total items { id status eventType httpStatus attemptCount messageId payload } } } }`;
      const failed = await eventually(async () => {
        const { project } = await h.data(DELIVERIES, { id: h.owner.projectId, status: 'FAILED' });
        return project.deliveries.total === 1 ? project.deliveries.items[0] : undefined;
      });
      expect(failed).toMatchObject({ status: 'FAILED', eventType: 'AGENT_MESSAGE', httpStatus: 500, attemptCount: 1 });
      expect(JSON.parse(failed.payload).event).toBe('agent.message');

      h.events.status = 200;
      await h.data(SMS, { to: line.phoneNumber });
      await eventually(async () => {
        const { project } = await h.data(DELIVERIES, { id: h.owner.projectId, status: 'SUCCESS' });
        return project.deliveries.total === 1 ? true : undefined;
      });
      expect((await h.data(DELIVERIES, { id: h.owner.projectId, type: 'AGENT_MESSAGE' })).project.deliveries.total).toBe(2);
      expect((await h.data(DELIVERIES, { id: h.owner.projectId, type: 'AGENT_CALL_ENDED' })).project.deliveries.total).toBe(0);

      const STATS = `query ($id: ID!) { project(id: $id) { deliveryStats(hours: 24) { total success failed pending successRate
        byEventType { eventType success failed } } deliveryTotals { total success failed successRate } } }`;
      expect((await h.data(STATS, { id: h.owner.projectId })).project).toEqual({
        deliveryStats: { total: 2, success: 1, failed: 1, pending: 0, successRate: 0.5, byEventType: [{ eventType: 'agent.message', success: 1, failed: 1 }] },
        deliveryTotals: { total: 2, success: 1, failed: 1, successRate: 0.5 },
      });

      const received = h.hook.requests.length;
      const redelivered = await h.data('mutation ($p: ID!, $d: ID!) { redeliverDelivery(projectId: $p, deliveryId: $d) { id status } }', {
        p: h.owner.projectId,
        d: failed.id,
      });
      expect(redelivered.redeliverDelivery).toEqual({ id: failed.id, status: 'PENDING' });
      const after = await eventually(async () => {
        const { project } = await h.data(DELIVERIES, { id: h.owner.projectId, status: 'SUCCESS' });
        return project.deliveries.total === 2 ? project.deliveries.items.find((d: { id: string }) => d.id === failed.id) : undefined;
      });
      expect(after).toMatchObject({ status: 'SUCCESS', httpStatus: 200, attemptCount: 2 });
      expect(h.hook.requests.slice(received).map((r) => r.headers['x-webhook-id'])).toEqual([failed.id]);

      const twice = await h.errors('mutation ($p: ID!, $d: ID!) { redeliverDelivery(projectId: $p, deliveryId: $d) { id } }', {
        p: h.owner.projectId,
        d: failed.id,
      });
      expect(twice[0]!.extensions.code).toBe('CONFLICT');
      const unknown = await h.errors('mutation ($p: ID!) { redeliverDelivery(projectId: $p, deliveryId: "whd_none") { id } }', { p: h.owner.projectId });
      expect(unknown[0]!.extensions.code).toBe('NOT_FOUND');
    });
  });

  it('agrees with the REST API on the numbers of a project', async () => {
    const line = await h.anAgentOnTheLine();
    await h.api('POST', '/v1/agents', { name: 'Second' });
    await h.api('POST', '/v1/contacts', { name: 'Ada', phoneNumber: '+14155550111' });
    h.events.status = 500;
    await h.data('mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: "one") { duplicate } }', { to: line.phoneNumber });
    await eventually(async () => ((await h.api('GET', '/v1/webhooks/deliveries/all-time')).body.failed === 1 ? true : undefined));
    h.events.status = 200;
    await h.data('mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550177", body: "two") { duplicate } }', { to: line.phoneNumber });
    const call = (await h.data('mutation ($to: String!) { simulateInboundCall(to: $to, from: "+14155550123") { id } }', { to: line.phoneNumber }))
      .simulateInboundCall;
    await h.data('mutation ($id: ID!) { endCall(callId: $id) { id } }', { id: call.id });
    await h.data('mutation ($id: ID!) { creditAccount(projectId: $id, amountCents: 1234) { balance } }', { id: h.owner.projectId });
    await eventually(async () => {
      const { success, failed } = (await h.api('GET', '/v1/webhooks/deliveries/all-time')).body;
      // Two texts, and the call's agent.call_started and agent.call_ended.
      return success + failed === 4 ? true : undefined;
    });

    const { project } = await h.data(
      `query ($id: ID!) { project(id: $id) {
        balanceCents usage { balanceCents activeNumbers provisionedLifetime numberLimit chargesThisMonthCents }
        agents { total } numbers { total } contacts { total } conversations { total } calls { total }
        deliveries { total }
        deliveryStats(hours: 24) { total success failed pending successRate }
        deliveryTotals { total success failed pending successRate }
      } }`,
      { id: h.owner.projectId },
    );
    const rest = {
      usage: (await h.api('GET', '/v1/usage')).body,
      agents: (await h.api('GET', '/v1/agents')).body,
      numbers: (await h.api('GET', '/v1/numbers')).body,
      contacts: (await h.api('GET', '/v1/contacts')).body,
      conversations: (await h.api('GET', '/v1/conversations')).body,
      calls: (await h.api('GET', '/v1/calls')).body,
      deliveries: (await h.api('GET', '/v1/webhooks/deliveries')).body,
      stats: (await h.api('GET', '/v1/webhooks/deliveries/stats?hours=24')).body,
      allTime: (await h.api('GET', '/v1/webhooks/deliveries/all-time')).body,
    };
    expect(project.balanceCents).toBe(rest.usage.balanceCents);
    expect(project.usage).toEqual({
      balanceCents: rest.usage.balanceCents,
      activeNumbers: rest.usage.numbers.active,
      provisionedLifetime: rest.usage.numbers.provisionedLifetime,
      numberLimit: rest.usage.numbers.limit,
      chargesThisMonthCents: rest.usage.chargesThisMonthCents,
    });
    expect(project.agents.total).toBe(rest.agents.total);
    expect(project.numbers.total).toBe(rest.numbers.total);
    expect(project.contacts.total).toBe(rest.contacts.total);
    expect(project.conversations.total).toBe(rest.conversations.total);
    expect(project.calls.total).toBe(rest.calls.total);
    expect(project.deliveries.total).toBe(rest.deliveries.total);
    const { total, success, failed, pending, successRate } = rest.stats;
    expect(project.deliveryStats).toEqual({ total, success, failed, pending, successRate });
    expect(project.deliveryTotals).toEqual({ ...rest.allTime, pending: 0 });
    // Not a comparison of zeros: every figure was moved by something above.
    expect([project.agents.total, project.contacts.total, project.conversations.total, project.calls.total]).toEqual([2, 1, 2, 1]);
    expect(project.deliveryTotals).toMatchObject({ success: 3, failed: 1 });
  });
});
