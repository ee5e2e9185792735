import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { ActionTaker, AgentBrain, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import { CallRecordWriter } from '../../../src/application/voice/call-record-writer.js';
import { VoiceSession } from '../../../src/application/voice/voice-session.js';
import type { ToolOutcome } from '../../../src/domain/call.js';
import { callLatencyOf } from '../../../src/domain/turn-latency.js';
import { aCall, anAgent, aTurn } from '../../support/builders.js';

interface HeldAnswer {
  readonly turn: BrainTurn;
  readonly act: ActionTaker;
  readonly end: () => void;
}

class HeldBrain implements AgentBrain {
  readonly answers: HeldAnswer[] = [];

  answer(turn: BrainTurn, _signal: AbortSignal, act: ActionTaker): Promise<void> {
    return new Promise((resolve) => this.answers.push({ turn, act, end: resolve }));
  }
}

const gateway: VoiceGateway = { speak: () => {}, pressDigits: () => {}, transfer: () => {}, hangUp: () => {}, disconnect: () => {} };

/** A session whose monotonic clock the test moves by hand. */
const sessionWith = (brain: AgentBrain) => {
  const clock = { ms: 1_000 };
  const session = new VoiceSession({ call: aCall({ voiceMode: 'hosted' }), agent: anAgent({ voiceMode: 'hosted' }), webhook: null }, [], gateway, {
    ids: new TimeSortableIdGenerator(),
    clock: new FixedClock(),
    logger: silentLogger(),
    now: () => clock.ms,
    writer: new CallRecordWriter({ uow: new InMemoryUnitOfWork(), eventBus: new InProcessEventBus(), logger: silentLogger(), windowMs: 0 }),
    brain,
    onEnded: () => {},
    refreshWebhook: () => {},
  });
  return { session, clock };
};

const say = (text: string) => ({ kind: 'say', text, interim: false, verbatim: true }) as const;
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('per-turn latency', () => {
  it("keeps on the agent's turn the time from the caller's words to the first token, the first text and through its tools", async () => {
    const brain = new HeldBrain();
    const { session, clock } = sessionWith(brain);
    session.callerSaid('Where is my order?');
    const answer = brain.answers[0]!;
    clock.ms += 180;
    answer.turn.timing.firstChunkAt = clock.ms;
    let finishTool: (value: { outcome: ToolOutcome; httpStatus: number | null; content: string }) => void = () => {};
    answer.act({ kind: 'tool', toolCallId: 'c1', name: 'lookup', arguments: {}, result: new Promise((resolve) => (finishTool = resolve)) });
    clock.ms += 300;
    finishTool({ outcome: 'ok', httpStatus: 200, content: 'shipped' });
    await settled();
    clock.ms += 20;
    answer.act(say('It shipped.'));
    answer.end();
    await settled();

    const agentTurn = session.transcript().find((turn) => turn.role === 'agent');
    expect(agentTurn?.latency).toEqual({ firstTokenMs: 180, firstTextMs: 500, toolMs: 300 });
    expect(session.transcript().filter((turn) => turn.role === 'user' || turn.role === 'tool_call').map((turn) => turn.latency)).toEqual([undefined, undefined]);
  });

  it('keeps a barged-in answer’s figures too, with no first token when the brain never stamped one', async () => {
    const brain = new HeldBrain();
    const { session, clock } = sessionWith(brain);
    session.callerSaid('Hello?');
    clock.ms += 90;
    brain.answers[0]!.act(say('Hi, how'));
    session.callerInterrupted('Hi, how');

    expect(session.transcript().at(-1)).toMatchObject({ role: 'agent', interrupted: true, latency: { firstTokenMs: null, firstTextMs: 90, toolMs: 0 } });
  });

  it("gives a call's median and 95th percentile of the answers' first text, null without any answer timed", () => {
    const timed = [400, 100, 300, 200, 1_000].map((ms, i) => aTurn('call_1', i + 1, { role: 'agent', latency: { firstTokenMs: null, firstTextMs: ms, toolMs: 0 } }));
    const untimed = [aTurn('call_1', 9, { role: 'user' }), aTurn('call_1', 10, { role: 'agent', latency: { firstTokenMs: null, firstTextMs: null, toolMs: 0 } })];

    expect(callLatencyOf([...timed, ...untimed])).toEqual({ latencyP50Ms: 300, latencyP95Ms: 1_000 });
    expect(callLatencyOf(untimed)).toEqual({ latencyP50Ms: null, latencyP95Ms: null });
  });
});
