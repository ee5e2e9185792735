import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { ActionTaker, AgentBrain, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import { CallRecordWriter } from '../../../src/application/voice/call-record-writer.js';
import { VoiceSession } from '../../../src/application/voice/voice-session.js';
import { aCall, anAgent } from '../../support/builders.js';

/** One answer the test holds open: what it was given, and how to end it. */
interface HeldAnswer {
  readonly turn: BrainTurn;
  readonly signal: AbortSignal;
  readonly act: ActionTaker;
  readonly end: () => void;
}

/** A brain whose answers stay open until the test ends them. */
class HeldBrain implements AgentBrain {
  readonly answers: HeldAnswer[] = [];

  answer(turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void> {
    return new Promise((resolve) => this.answers.push({ turn, signal, act, end: resolve }));
  }
}

const sessionWith = (brain: AgentBrain) => {
  const spoken: string[] = [];
  const gateway: VoiceGateway = {
    speak: (text) => void spoken.push(text),
    pressDigits: () => {},
    transfer: () => {},
    hangUp: () => {},
    disconnect: () => {},
  };
  const writer = new CallRecordWriter({ uow: new InMemoryUnitOfWork(), eventBus: new InProcessEventBus(), logger: silentLogger() });
  const session = new VoiceSession({ call: aCall({ voiceMode: 'hosted' }), agent: anAgent({ voiceMode: 'hosted' }), webhook: null }, [], gateway, {
    ids: new TimeSortableIdGenerator(),
    clock: new FixedClock(),
    logger: silentLogger(),
    now: () => 1,
    writer,
    brain,
    onEnded: () => {},
    refreshWebhook: () => {},
  });
  return { session, spoken };
};

const say = (text: string) => ({ kind: 'say', text, interim: false, verbatim: true }) as const;

describe(`${VoiceSession.name}, answers`, () => {
  it('hands the next answer the same signal after one ends by itself, and a fresh one after a barge-in cancels one', async () => {
    const brain = new HeldBrain();
    const { session } = sessionWith(brain);

    session.callerSaid('Hello?');
    brain.answers[0]!.end();
    await Promise.resolve();
    session.callerSaid('Are you there?');
    const second = brain.answers[1]!;
    session.callerSaid('Hello??');
    const third = brain.answers[2]!;

    expect(second.signal).toBe(brain.answers[0]!.signal);
    expect(second.signal.aborted).toBe(true);
    expect(third.signal).not.toBe(second.signal);
    expect(third.signal.aborted).toBe(false);
  });

  it('takes actions while the answer is in flight, and refuses them once it was cancelled', () => {
    const brain = new HeldBrain();
    const { session, spoken } = sessionWith(brain);
    session.callerSaid('What are your hours?');
    const first = brain.answers[0]!;

    const taken = first.act(say('We open'));
    session.callerInterrupted('We open');
    const late = first.act(say(' at nine.'));

    expect([taken, late]).toEqual([true, false]);
    expect(spoken).toEqual(['We open']);
  });

  it('tells the brain to stop once an action ended the call', () => {
    const brain = new HeldBrain();
    const { session } = sessionWith(brain);
    session.callerSaid('Bye.');

    const hungUp = brain.answers[0]!.act({ kind: 'hangup' });

    expect(hungUp).toBe(false);
    expect(session.isEnded).toBe(true);
  });
});
