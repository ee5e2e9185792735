import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

const turnsOf = (transcript: { role: string; content: string }[]) => transcript.map((t) => [t.role, t.content]);

/** The admin console's simulated caller: what `switchboard simulate` and the demo drive. */
describe('the admin console’s simulated caller', () => {
  let h: AdminHarness;
  beforeEach(async () => {
    h = await anAdminConsole();
  });
  afterEach(async () => {
    await h.stop();
  });

  it('sayAsCaller answers with the transcript that already holds the caller’s turn', async () => {
    const line = await h.anAgentOnTheLine();
    const started = (await h.data('mutation ($to: String!) { simulateInboundCall(to: $to, from: "+14155550123") { id } }', { to: line.phoneNumber }))
      .simulateInboundCall;

    const said = (await h.data('mutation ($id: ID!) { sayAsCaller(callId: $id, text: "Do you deliver?") { transcript { role content } } }', { id: started.id }))
      .sayAsCaller;

    expect(turnsOf(said.transcript).slice(0, 2)).toEqual([
      ['AGENT', 'Hi, this is Acme.'],
      ['USER', 'Do you deliver?'],
    ]);
  });

  it('hangUpAsCaller ends a live call as the caller’s hang-up, and refuses one already over', async () => {
    const line = await h.anAgentOnTheLine();
    const started = (await h.data('mutation ($to: String!) { simulateInboundCall(to: $to, from: "+14155550123") { id } }', { to: line.phoneNumber }))
      .simulateInboundCall;

    const ended = (await h.data('mutation ($id: ID!) { hangUpAsCaller(callId: $id) { status disconnectionReason } }', { id: started.id })).hangUpAsCaller;

    expect(ended).toEqual({ status: 'COMPLETED', disconnectionReason: 'caller_hangup' });
    const again = await h.errors('mutation ($id: ID!) { hangUpAsCaller(callId: $id) { status } }', { id: started.id });
    expect(again[0]!.extensions.code).toBe('CONFLICT');
  });

  it('answerSimulatedCall picks up an outbound call: the agent greets and answers the callee', async () => {
    const line = await h.anAgentOnTheLine();
    const placed = await h.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: '+13125550142', initialGreeting: 'Hello, this is Acme calling.' });
    expect(placed.status).toBe(200);

    const answered = (await h.data('mutation ($id: ID!) { answerSimulatedCall(callId: $id) { status transcript { role content } } }', { id: placed.body.id }))
      .answerSimulatedCall;
    expect(answered.status).toBe('IN_PROGRESS');
    await h.data('mutation ($id: ID!) { sayAsCaller(callId: $id, text: "who is this") { id } }', { id: placed.body.id });

    const CALL = 'query ($id: ID!) { call(id: $id) { transcript { role content } } }';
    const transcript = await eventually(async () => {
      const { call } = await h.data(CALL, { id: placed.body.id });
      return call.transcript.length >= 3 ? call.transcript : undefined;
    });
    expect(turnsOf(transcript)).toEqual([
      ['AGENT', 'Hello, this is Acme calling.'],
      ['USER', 'who is this'],
      ['AGENT', 'You said who is this.'],
    ]);
    const twice = await h.errors('mutation ($id: ID!) { answerSimulatedCall(callId: $id) { id } }', { id: placed.body.id });
    expect(twice[0]!.extensions.code).toBe('CONFLICT');
  });
});
