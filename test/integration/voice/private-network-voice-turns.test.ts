import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { aWebhook } from '../../support/builders.js';
import { eventually } from '../../support/eventually.js';
import { aVoiceSwitchboard, type VoiceHarness } from './voice-harness.js';

describe('voice turns to a private network', () => {
  let harness: VoiceHarness;
  afterEach(async () => {
    await harness.stop();
  });

  it('are refused when private networks are denied, logged as a failed blocked_address delivery', async () => {
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), config: { privateNetworkTargets: DENY_PRIVATE_NETWORKS } });
    const agent = await harness.api('POST', '/v1/agents', { name: 'Acme support', greeting: 'Hi, this is Acme.' });
    const number = await harness.api('POST', '/v1/numbers', { agentId: agent.body.id });
    // Saved on this machine while private networks were still allowed.
    await harness.read((tx) => tx.webhooks.save(aWebhook({ projectId: harness.owner.projectId, agentId: agent.body.id, url: harness.hook.url })));
    const simulated = harness.sut.voice().simulated!;

    const started = await simulated.startInbound({ from: '+14155550123', to: number.body.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    simulated.sayAsCaller(started.right.callId, 'hello');
    await eventually(() => harness.logger.lines.some((l) => l.message === 'voice webhook failed'), { what: 'the refused turn' });
    await harness.sut.voice().engine.settle(started.right.callId);

    const deliveries = await harness.api('GET', `/v1/agents/${agent.body.id}/webhook/deliveries`);
    // The voice turn's delivery; the call's agent.call_started goes the same (blocked) way on its own.
    expect(deliveries.body.filter((d: { eventType: string }) => d.eventType === 'agent.message')).toEqual([
      expect.objectContaining({
        channel: 'voice',
        status: 'failed',
        httpStatus: null,
        errorMessage: expect.stringMatching(/^blocked_address: 127\.0\.0\.1 is a loopback address/),
        responseBody: null,
      }),
    ]);
    expect(harness.hook.requests).toHaveLength(0);
  });
});
