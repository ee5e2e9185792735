import { afterEach, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

describe('admin GraphQL console: subscriptions over SSE and the carrier', () => {
  let h: AdminHarness;
  afterEach(async () => {
    await h?.stop();
  });

  it('streams a live call’s transcript, stored turns first, then live ones, then its end', async () => {
    h = await anAdminConsole();
    const line = await h.anAgentOnTheLine();
    const call = (await h.data('mutation ($to: String!) { simulateInboundCall(to: $to, from: "+14155550123") { id } }', { to: line.phoneNumber }))
      .simulateInboundCall;

    const sut = await h.subscribe('subscription ($id: ID!) { callTranscript(callId: $id) { kind callId status turn { role content sequence } } }', {
      id: call.id,
    });
    await sut.sse.until(() => sut.payloads().length === 1);
    await h.data('mutation ($id: ID!) { sayAsCaller(callId: $id, text: "What time is it?") { id } }', { id: call.id });
    await sut.sse.until(() => sut.payloads().length === 3);
    await h.data('mutation ($id: ID!) { endCall(callId: $id) { id } }', { id: call.id });
    await sut.sse.finished;

    const events = sut.payloads().map((p) => p.callTranscript);
    expect(events.map((e) => [e.kind, e.turn?.role ?? e.status, e.turn?.content ?? null])).toEqual([
      ['TURN', 'AGENT', 'Hi, this is Acme.'],
      ['TURN', 'USER', 'What time is it?'],
      ['TURN', 'AGENT', 'You said What time is it?.'],
      ['ENDED', 'COMPLETED', null],
    ]);
    expect(events.map((e) => e.turn?.sequence ?? null)).toEqual([1, 2, 3, null]);
    expect(sut.sse.events.at(-1)?.event).toBe('complete');
  });

  it('streams the project’s new deliveries and their later attempts', async () => {
    h = await anAdminConsole();
    const line = await h.anAgentOnTheLine();
    h.events.status = 500;
    const sut = await h.subscribe(
      'subscription ($id: ID!) { deliveries(projectId: $id) { kind delivery { id status eventType attemptCount httpStatus } } }',
      { id: h.owner.projectId },
    );
    await h.data('mutation ($to: String!) { simulateInboundSms(to: $to, from: "+14155550199", body: "hi") { duplicate } }', { to: line.phoneNumber });
    await sut.sse.until(() => sut.payloads().some((p) => p.deliveries.delivery.status === 'FAILED'), 8000);
    const failed = sut.payloads().find((p) => p.deliveries.delivery.status === 'FAILED').deliveries.delivery;

    h.events.status = 200;
    await h.data('mutation ($p: ID!, $d: ID!) { redeliverDelivery(projectId: $p, deliveryId: $d) { id } }', { p: h.owner.projectId, d: failed.id });
    await sut.sse.until(() => sut.payloads().some((p) => p.deliveries.delivery.status === 'SUCCESS'), 8000);
    sut.close();

    const seen = sut.payloads().map((p) => p.deliveries);
    expect(seen[0]).toMatchObject({ kind: 'CREATED', delivery: { id: failed.id, eventType: 'AGENT_MESSAGE' } });
    expect(seen.at(-1)).toMatchObject({ kind: 'UPDATED', delivery: { id: failed.id, status: 'SUCCESS', attemptCount: 2, httpStatus: 200 } });
    expect(new Set(seen.map((e) => e.delivery.id))).toEqual(new Set([failed.id]));
  });

  it('refuses a subscription to a project that does not exist', async () => {
    h = await anAdminConsole();
    const sut = await h.subscribe('subscription { deliveries(projectId: "proj_none") { kind } }');
    await sut.sse.finished;
    expect(sut.sse.events[0]?.data.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('plays the caller only on the simulated carrier', async () => {
    h = await anAdminConsole({ twilio: true });
    for (const mutation of [
      'mutation { simulateInboundSms(to: "+14155550100", from: "+14155550199", body: "x") { duplicate } }',
      'mutation { simulateInboundCall(to: "+14155550100", from: "+14155550199") { id } }',
      'mutation { sayAsCaller(callId: "call_x", text: "hello") { id } }',
    ]) {
      const [error] = await h.errors(mutation);
      expect(error!.extensions.code).toBe('SIMULATED_CARRIER_ONLY');
    }
    expect((await h.data('{ projects { total } }')).projects.total).toBe(1);
  });
});
