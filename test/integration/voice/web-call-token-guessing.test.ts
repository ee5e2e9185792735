import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { aVoiceSwitchboard, type VoiceHarness } from './voice-harness.js';

/** The upgrade's answer: 101 when the socket opened (it is closed again at once), else the refusal's status and Retry-After. */
const upgrade = (url: string) =>
  new Promise<{ status: number; retryAfter: string | null }>((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, retryAfter: null });
    });
    socket.once('unexpected-response', (_, response) => {
      resolve({ status: response.statusCode ?? 0, retryAfter: (response.headers['retry-after'] as string | undefined) ?? null });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });

describe('the simulated web-call socket', () => {
  let harness: VoiceHarness;
  afterEach(async () => {
    await harness?.stop();
  });

  it('counts wrong tokens with the client’s wrong API keys: once spent, even a good token is refused 429', async () => {
    harness = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony(), config: { authFailureRateLimit: { points: 2, durationSeconds: 600 } } });
    const line = await harness.anAgentOnTheLine();
    const web = await harness.api('POST', '/v1/calls/web', { agentId: line.agentId });
    const socketUrl = (token: string) => `${harness.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(token)}`;

    const guesses = [await upgrade(socketUrl('guessed-token-1')), await upgrade(socketUrl('guessed-token-2'))];
    const good = await upgrade(socketUrl(web.body.accessToken));
    const api = await harness.api('GET', '/v1/agents');

    expect(guesses.map((answer) => answer.status)).toEqual([401, 401]);
    expect(good.status).toBe(429);
    expect(Number(good.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(api.status).toBe(429);
    expect(api.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
  });
});
