import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { OutboundEventEncoder } from '../../../src/application/ports/outbound-event-encoder.js';
import type { CallEvent } from '../../../src/application/ports/event-bus.js';
import { LanguageModelFailure, type LanguageModel } from '../../../src/application/ports/language-model.js';
import type { VoiceTurnTransport } from '../../../src/application/ports/voice-turn-transport.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { AgentBrain } from '../../../src/application/ports/agent-brain.js';
import { CallRecordWriter } from '../../../src/application/voice/call-record-writer.js';
import { HostedBrain } from '../../../src/application/hosted/hosted-brain.js';
import { VoiceSession } from '../../../src/application/voice/voice-session.js';
import { WebhookBrain } from '../../../src/application/voice/webhook-brain.js';
import type { Webhook } from '../../../src/domain/webhook.js';
import { aCall, anAgent, aWebhook } from '../../support/builders.js';

const gateway: VoiceGateway = { speak: () => {}, pressDigits: () => {}, transfer: () => {}, hangUp: () => {}, disconnect: () => {} };
const encoder: OutboundEventEncoder = { encode: (event) => JSON.stringify(event) };

/** A webhook server that answers every turn with `status` and these NDJSON lines, or cannot be reached. */
const transportAnswering = (status: number | 'unreachable', lines: readonly string[] = []): VoiceTurnTransport => ({
  postVoiceTurn: async () => {
    if (status === 'unreachable') throw Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    return {
      httpStatus: status,
      chunks: (async function* () {
        for (const text of lines) yield { kind: 'actions' as const, actions: [{ kind: 'say' as const, text, interim: false }] };
      })(),
    };
  },
});

const webhookBrain = (transport: VoiceTurnTransport) =>
  new WebhookBrain({ transport, eventEncoder: encoder, ids: new TimeSortableIdGenerator(), clock: new FixedClock(), logger: silentLogger(), now: () => 1, recordDelivery: () => {} });

const failingModel: LanguageModel = { stream: () => Promise.reject(new LanguageModelFailure('network', 'connect ECONNREFUSED 127.0.0.1:9')) } as unknown as LanguageModel;

const hostedBrain = (model: LanguageModel | null) => new HostedBrain({ model, apology: 'Sorry.', logger: silentLogger(), now: () => 1 });

/** A session on `brain`: the caller says one line; resolves with what the call's listeners heard, in order. */
const callerSays = async (brain: AgentBrain, webhook: Webhook | null, voiceMode: 'webhook' | 'hosted' = 'webhook') => {
  const bus = new InProcessEventBus();
  const writer = new CallRecordWriter({ uow: new InMemoryUnitOfWork(), eventBus: bus, logger: silentLogger() });
  const call = aCall({ voiceMode, greeting: '' });
  const heard: CallEvent[] = [];
  await bus.subscribe(call.id, (event) => heard.push(event));
  // The answers in flight: the session hears each end before the test does (it listened first).
  const answers: Promise<void>[] = [];
  const watched: AgentBrain = { answer: (turn, signal, act) => answers[answers.push(brain.answer(turn, signal, act)) - 1]! };
  const session = new VoiceSession({ call, agent: anAgent({ voiceMode }), webhook }, [], gateway, {
    ids: new TimeSortableIdGenerator(),
    clock: new FixedClock(),
    logger: silentLogger(),
    now: () => 1,
    writer,
    brain: watched,
    onEnded: () => {},
    refreshWebhook: () => {},
  });
  session.callerSaid('What are your hours?');
  await Promise.all(answers);
  await writer.settled();
  return heard.map((event) =>
    event.type === 'turn' ? `${event.turn.role}: ${event.turn.content}` : event.type === 'unanswered' ? { unanswered: event.turnSequence, ...event.reason } : 'ended',
  );
};

describe('a caller turn left unanswered', () => {
  it('no webhook: the call hears why, after the caller turn', async () => {
    expect(await callerSays(webhookBrain(transportAnswering(200, ['Hi'])), null)).toEqual(['user: What are your hours?', { unanswered: 1, kind: 'no_webhook' }]);
  });

  it('a webhook answering an error status or unreachable: the status or the error', async () => {
    expect(await callerSays(webhookBrain(transportAnswering(500)), aWebhook())).toEqual([
      'user: What are your hours?',
      { unanswered: 1, kind: 'webhook_failed', httpStatus: 500, error: 'HTTP 500' },
    ]);
    expect(await callerSays(webhookBrain(transportAnswering('unreachable')), aWebhook())).toEqual([
      'user: What are your hours?',
      { unanswered: 1, kind: 'webhook_failed', httpStatus: null, error: 'ECONNREFUSED' },
    ]);
  });

  it('a webhook answering 200 with nothing to say: an empty answer', async () => {
    expect(await callerSays(webhookBrain(transportAnswering(200)), aWebhook())).toEqual(['user: What are your hours?', { unanswered: 1, kind: 'empty_answer' }]);
  });

  it('hosted with no model, or a model that fails: why, before the apology turn', async () => {
    expect(await callerSays(hostedBrain(null), null, 'hosted')).toEqual(['user: What are your hours?', { unanswered: 1, kind: 'no_model' }, 'agent: Sorry.']);
    expect(await callerSays(hostedBrain(failingModel), null, 'hosted')).toEqual([
      'user: What are your hours?',
      { unanswered: 1, kind: 'model_failed', error: 'connect ECONNREFUSED 127.0.0.1:9' },
      'agent: Sorry.',
    ]);
  });

  it('an answer is no notice', async () => {
    expect(await callerSays(webhookBrain(transportAnswering(200, ['Nine to five.'])), aWebhook())).toEqual(['user: What are your hours?', 'agent: Nine to five.']);
  });
});
