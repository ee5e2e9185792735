import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { LanguageModelFailure, type ChatChunk, type ChatRequest, type ChunksHeard, type LanguageModel } from '../../../src/application/ports/language-model.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { AgentAction, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import { CallRecordWriter } from '../../../src/application/voice/call-record-writer.js';
import { HostedBrain } from '../../../src/application/hosted/hosted-brain.js';
import { VoiceSession } from '../../../src/application/voice/voice-session.js';
import { aCall, anAgent } from '../../support/builders.js';

/**
 * A model the test feeds step by step. The pieces given to one `send` are heard in one call,
 * as the pieces of one network read are, right away. Like a real model, it ends quietly once
 * the request's signal is aborted.
 */
class PacedModel implements LanguageModel {
  readonly requests: ChatRequest[] = [];
  private current: { readonly heard: ChunksHeard; readonly settle: (failure?: unknown) => void } | null = null;

  send(...deltas: string[]): void {
    this.waiting().heard(deltas.map((delta): ChatChunk => ({ type: 'text', delta })));
  }

  fail(reason: string): void {
    this.waiting().settle(new LanguageModelFailure('http', reason));
  }

  end(): void {
    this.waiting().settle();
  }

  stream(request: ChatRequest, heard: ChunksHeard): Promise<void> {
    this.requests.push(request);
    return new Promise<void>((resolve, reject) => {
      // Settled, it leaves no listener on the signal, as the brain's contract asks of a model.
      const settle = (failure?: unknown) => {
        this.current = null;
        request.signal.removeEventListener('abort', aborted);
        if (failure === undefined) resolve();
        else reject(failure);
      };
      const aborted = () => settle();
      request.signal.addEventListener('abort', aborted, { once: true });
      this.current = { heard, settle };
    });
  }

  /** The request being answered; a step with none is the test's mistake. */
  private waiting() {
    if (!this.current) throw new Error('no request is being answered');
    return this.current;
  }
}

const CALL = aCall({ voiceMode: 'hosted' });
const AGENT = anAgent({ voiceMode: 'hosted', systemPrompt: 'You are the front desk.' });
const aTurn = (): BrainTurn => ({
  call: CALL,
  agent: AGENT,
  webhook: null,
  utterance: 'How much is it?',
  confidence: null,
  dtmf: null,
  history: [],
  timing: { receivedAt: 0, requestedAt: null, firstChunkAt: null, firstSpokenAt: null },
  turnSequence: 1,
});
const piece = (text: string): AgentAction => ({ kind: 'say', text, interim: false, verbatim: true });

describe(`${HostedBrain.name}, streaming`, () => {
  const brainOn = (model: LanguageModel) => new HostedBrain({ model, apology: 'Sorry!', logger: silentLogger(), now: () => 1 });
  /** Starts an answer; its actions are taken as they come. */
  const answerOf = (model: LanguageModel, signal = new AbortController().signal) => {
    const acts: AgentAction[] = [];
    const done = brainOn(model).answer(aTurn(), signal, (action) => acts.push(action) > 0);
    return { acts, done };
  };

  it('speaks the first token the moment it arrives, before any sentence ends', () => {
    const model = new PacedModel();
    const { acts } = answerOf(model);

    model.send('Sure');
    expect(acts).toEqual([piece('Sure')]);

    model.send(' thing');
    expect(acts).toEqual([piece('Sure'), piece(' thing')]);
  });

  it('speaks what arrived together as one piece, as given, and ends with the model', async () => {
    const model = new PacedModel();
    const { acts, done } = answerOf(model);

    model.send('It', ' costs', ' 3.', '50', ' a month.');
    model.end();
    await done;

    expect(acts).toEqual([piece('It costs 3.50 a month.')]);
  });

  it('says nothing more once the caller barges in mid-answer', async () => {
    const model = new PacedModel();
    const controller = new AbortController();
    const { acts, done } = answerOf(model, controller.signal);
    model.send('Well, let me');

    controller.abort('barge-in');
    await done;

    expect(acts).toEqual([piece('Well, let me')]);
  });

  it('apologises after the words already spoken when the model fails mid-answer', async () => {
    const model = new PacedModel();
    const { acts, done } = answerOf(model);
    model.send('Let me check ');

    model.fail('HTTP 500');
    await done;

    expect(acts).toEqual([
      piece('Let me check'),
      { ...piece(' Sorry!'), error: 'language model: HTTP 500' },
      { kind: 'unanswered', reason: { kind: 'model_failed', error: 'HTTP 500' } },
    ]);
  });

  it('stores the whole answer as one agent turn, spoken piece by piece', async () => {
    const model = new PacedModel();
    const spoken: { text: string; last: boolean }[] = [];
    let heard: (() => void) | null = null;
    const gateway: VoiceGateway = {
      speak: (text, last) => {
        spoken.push({ text, last });
        heard?.();
      },
      pressDigits: () => {},
      transfer: () => {},
      hangUp: () => {},
      disconnect: () => {},
    };
    const nextSpeech = () => new Promise<void>((resolve) => (heard = resolve));
    const uow = new InMemoryUnitOfWork();
    const writer = new CallRecordWriter({ uow, eventBus: new InProcessEventBus(), logger: silentLogger() });
    const session = new VoiceSession({ call: CALL, agent: AGENT, webhook: null }, [], gateway, {
      ids: new TimeSortableIdGenerator(),
      clock: new FixedClock(),
      logger: silentLogger(),
      now: () => 1,
      writer,
      brain: brainOn(model),
      onEnded: () => {},
      refreshWebhook: () => {},
    });

    session.callerSaid('How much is it?');
    for (const delta of ['  It', ' costs 3.', '50, ', 'or 1,', '000 a year. ']) {
      const speech = nextSpeech();
      model.send(delta);
      if (delta.trim() !== '') await speech;
    }
    const closed = nextSpeech();
    model.end();
    await closed;
    await writer.settled();

    expect(spoken).toEqual([
      { text: 'It', last: false },
      { text: ' costs 3.', last: false },
      { text: '50,', last: false },
      { text: ' or 1,', last: false },
      { text: '000 a year.', last: false },
      { text: '', last: true },
    ]);
    const stored = await uow.transaction(async (tx) => E.right(await tx.transcripts.listByCall(CALL.id)));
    expect(stored).toMatchObject(E.right([{ role: 'user', content: 'How much is it?' }, { role: 'agent', content: 'It costs 3.50, or 1,000 a year.', interrupted: false }]));
  });
});
