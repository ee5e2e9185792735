import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { LanguageModelFailure, type ChatChunk, type ChatRequest, type LanguageModel } from '../../../src/application/ports/language-model.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { BrainTurn } from '../../../src/application/services/agent-brain.js';
import { CallRecordWriter } from '../../../src/application/services/call-record-writer.js';
import { HostedBrain } from '../../../src/application/services/hosted-brain.js';
import { VoiceSession } from '../../../src/application/services/voice-session.js';
import { aCall, anAgent } from '../../support/builders.js';

type Step = ChatChunk | { readonly fail: string } | 'end';

/**
 * A model the test feeds step by step. Pieces given to one `send` are all there at once, as
 * the pieces of one network read are; each `send` wakes the stream, nothing waits on a timer.
 * Like a real model, it ends quietly once the request's signal is aborted.
 */
class PacedModel implements LanguageModel {
  readonly requests: ChatRequest[] = [];
  private readonly steps: Step[] = [];
  private wake: (() => void) | null = null;

  send(...deltas: string[]): void {
    this.push(...deltas.map((delta): Step => ({ type: 'text', delta })));
  }

  fail(reason: string): void {
    this.push({ fail: reason });
  }

  end(): void {
    this.push('end');
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
    this.requests.push(request);
    const aborted = new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
    for (;;) {
      while (this.steps.length === 0) {
        await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), aborted]);
        if (request.signal.aborted) return;
      }
      const step = this.steps.shift()!;
      if (step === 'end') return;
      if ('fail' in step) throw new LanguageModelFailure('http', step.fail);
      yield step;
    }
  }

  private push(...steps: Step[]): void {
    this.steps.push(...steps);
    const wake = this.wake;
    this.wake = null;
    wake?.();
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
const piece = (text: string) => ({ done: false, value: { kind: 'say', text, interim: false, verbatim: true } });

describe(`${HostedBrain.name}, streaming`, () => {
  const brainOn = (model: LanguageModel) => new HostedBrain({ model, apology: 'Sorry!', logger: silentLogger(), now: () => 1 });
  const answerOf = (model: LanguageModel, signal = new AbortController().signal) => brainOn(model).answer(aTurn(), signal)[Symbol.asyncIterator]();

  it('speaks the first token as soon as it arrives, before any sentence ends', async () => {
    const model = new PacedModel();
    const answer = answerOf(model);

    const first = answer.next();
    model.send('Sure');

    expect(await first).toEqual(piece('Sure'));
    const second = answer.next();
    model.send(' thing');
    expect(await second).toEqual(piece(' thing'));
  });

  it('sends the first piece alone at once, then joins what arrived with it into one piece, as given', async () => {
    const model = new PacedModel();
    const answer = answerOf(model);

    const first = answer.next();
    model.send('It', ' costs', ' 3.', '50', ' a month.');

    expect(await first).toEqual(piece('It'));
    expect(await answer.next()).toEqual(piece(' costs 3.50 a month.'));
    const next = answer.next();
    model.end();
    expect(await next).toEqual({ done: true, value: undefined });
  });

  it('says nothing more once the caller barges in mid-answer', async () => {
    const model = new PacedModel();
    const controller = new AbortController();
    const answer = answerOf(model, controller.signal);
    const first = answer.next();
    model.send('Well, let me');
    await first;

    const next = answer.next();
    controller.abort('barge-in');
    model.send(' see what', ' we have.');

    expect(await next).toEqual({ done: true, value: undefined });
  });

  it('apologises after the words already spoken when the model fails mid-answer', async () => {
    const model = new PacedModel();
    const answer = answerOf(model);
    const first = answer.next();
    model.send('Let me check ');
    expect(await first).toEqual(piece('Let me check'));

    const next = answer.next();
    model.fail('HTTP 500');

    expect(await next).toEqual({ done: false, value: { ...piece(' Sorry!').value, error: 'language model: HTTP 500' } });
    expect(await answer.next()).toEqual({ done: true, value: undefined });
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
