import * as E from 'fp-ts/lib/Either.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { labelSets, observations, parsedScrape, sampleValue } from '../../support/prometheus-scrape.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

const TOKEN = 'scrape-token-0123456789';

describe('GET /metrics', () => {
  let harness: VoiceHarness;
  beforeEach(async () => {
    harness = await aVoiceSwitchboard({ twilio: false, config: { metrics: { token: TOKEN, port: null } } });
  });
  afterEach(async () => {
    await harness.stop();
  });

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const response = await fetch(`${harness.url}/metrics`, { headers });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  const answering = () => {
    harness.hook.handler = (request, res) => {
      if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(`${JSON.stringify({ text: 'Hello there.' })}\n`);
    };
  };

  it('refuses a scrape without the token, or with another, with 401 in the error envelope', async () => {
    const refusedHeaders: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-token' }, { authorization: TOKEN }];
    for (const headers of refusedHeaders) {
      const refused = await scrape(headers);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toMatchObject({ error: { message: expect.stringContaining('METRICS_TOKEN'), code: 'UNAUTHORIZED', type: 'authentication_error' } });
    }
  });

  it("answers Prometheus' text format whose counters move with a call: in progress, its answer's latency, its end, its webhook delivery", async () => {
    const line = await harness.anAgentOnTheLine();
    answering();
    const before = parsedScrape((await scrape()).text);
    expect(sampleValue(before, 'switchboard_calls_ended_total')).toBe(0);
    expect(before.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(labelSets(before, 'switchboard_queue_depth')).toEqual([{ queue: 'webhook_outbox' }, { queue: 'call_analysis' }]);

    const calls = harness.sut.voice().simulated!;
    const started = await calls.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    const call = started.right;
    calls.sayAsCaller(call.callId, 'hello');
    await call.until((c) => c.utterances().length === 2);

    const during = await scrape();
    expect(during.status).toBe(200);
    expect(during.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const live = parsedScrape(during.text);
    expect(sampleValue(live, 'switchboard_calls_in_progress', { direction: 'inbound', mode: 'webhook' })).toBe(1);
    expect(observations(live, 'switchboard_turn_first_text_seconds')).toBe(1);
    expect(observations(live, 'switchboard_turn_first_token_seconds')).toBe(1);
    expect(during.text).toContain('switchboard_turn_first_text_seconds_count{mode="webhook"} 1\n');

    await calls.hangUp(call.callId);
    await call.finished;
    const after = parsedScrape((await scrape()).text);
    expect(sampleValue(after, 'switchboard_calls_in_progress', { direction: 'inbound', mode: 'webhook' })).toBe(0);
    expect(sampleValue(after, 'switchboard_calls_ended_total', { direction: 'inbound', mode: 'webhook', status: 'completed', reason: 'caller_hangup' })).toBe(1);
    // No family carries a call's id or a number: every label is one of a few values.
    // The call's end event goes out after its commit: its delivery is counted once attempted.
    const delivered = async () => sampleValue(parsedScrape((await scrape()).text), 'switchboard_webhook_deliveries_total', { outcome: 'delivered', attempt: '1' });
    await eventually(async () => (await delivered()) >= 1, { what: 'a delivery counted' });
    const labels = [...after.values()].flatMap((family) => family.metrics.flatMap((sample) => Object.values(sample.labels ?? {})));
    expect(labels.filter((value) => value.includes(call.callId) || value.includes('+1'))).toEqual([]);
  });
});
