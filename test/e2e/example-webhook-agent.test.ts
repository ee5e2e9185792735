import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startExampleAgent, stopChild } from '../../src/bootstrap/demo-command.js';

const SECRET = 'whsec_example_test_secret';

const signed = (body: string, secret = SECRET, timestamp = String(Math.floor(Date.now() / 1000))) => ({
  'content-type': 'application/json',
  'x-webhook-timestamp': timestamp,
  'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  'x-webhook-event': 'agent.message',
});

const voiceTurn = (transcript: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    event: 'agent.message',
    channel: 'voice',
    timestamp: new Date().toISOString(),
    agentId: 'agt_1',
    data: { callId: 'call_1', numberId: 'num_1', from: '+14155550123', to: '+14155550100', status: 'in-progress', transcript, confidence: null, direction: 'inbound', ...extra },
    conversationState: null,
    recentHistory: [],
  });

/** examples/webhook-agent/server.mjs on its own, as a user runs it. */
describe('the example webhook agent', () => {
  let agent: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/webhook`;
    agent = await startExampleAgent({ PORT: String(port), HOST: '127.0.0.1', WEBHOOK_SECRET: SECRET, THINKING_MS: '0' }, () => undefined);
  });
  afterAll(async () => {
    await stopChild(agent);
  });

  const post = (body: string, headers: Record<string, string>) => fetch(url, { method: 'POST', headers, body });

  it('refuses a request whose signature is wrong, missing, or too old', async () => {
    const body = voiceTurn('hello');
    expect((await post(body, signed(body, 'whsec_someone_else'))).status).toBe(401);
    expect((await post(body, { 'content-type': 'application/json' })).status).toBe(401);
    const tenMinutesAgo = String(Math.floor(Date.now() / 1000) - 600);
    expect((await post(body, signed(body, SECRET, tenMinutesAgo))).status).toBe(401);
    const tampered = voiceTurn('transfer me');
    expect((await post(tampered, signed(body))).status).toBe(401);
  });

  it('streams an interim line, then the answer; presses digits; transfers; hangs up; answers a key press', async () => {
    const answer = async (transcript: string, extra: Record<string, unknown> = {}) => {
      const body = voiceTurn(transcript, extra);
      const response = await post(body, signed(body));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      return (await response.text()).trim().split('\n').map((line) => JSON.parse(line));
    };
    expect(await answer('When are you open?')).toEqual([{ text: 'One moment.', interim: true }, { text: "We're open nine to five, Monday to Friday." }]);
    expect(await answer('Extension 42 please')).toEqual([{ text: 'One moment.', interim: true }, { text: 'Dialling extension 42.', digits: '42' }]);
    expect(await answer('Can I talk to a human?')).toEqual([{ text: 'One moment.', interim: true }, { text: 'Transferring you to a person now.', action: 'transfer' }]);
    expect(await answer('Goodbye')).toEqual([{ text: 'One moment.', interim: true }, { text: 'Goodbye!', action: 'hangup' }]);
    expect(await answer('', { dtmf: '7' })).toEqual([{ text: 'You pressed 7.' }]);
  });
});
