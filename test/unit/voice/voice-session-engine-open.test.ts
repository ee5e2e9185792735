import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import { BoundedCallMemo } from '../../../src/application/kernel/bounded-call-memo.js';
import { CallRecordWriter } from '../../../src/application/voice/call-record-writer.js';
import { VoiceSessionEngine } from '../../../src/application/voice/voice-session-engine.js';
import { aCall, anAgent, aTurn } from '../../support/builders.js';
import { countingCallReads, InstrumentedStore } from '../../support/instrumented-store.js';

const gateway: VoiceGateway = { speak: () => {}, pressDigits: () => {}, transfer: () => {}, hangUp: () => {}, disconnect: () => {} };

/** An engine over a store holding one live call of an agent, counting how often a call's turns (and agents) are asked for. */
const anEngineWithACall = async () => {
  const { asked, around } = countingCallReads();
  const uow = new InstrumentedStore(around);
  const agent = anAgent({ voiceMode: 'hosted' });
  const call = aCall({ projectId: agent.projectId, agentId: agent.id, voiceMode: 'hosted', greeting: '' });
  await uow.store.transaction(async (tx) => {
    await tx.agents.save(agent);
    await tx.calls.save(call);
    return E.right(undefined);
  });
  /** An engine of its own over the same store: another node's. */
  const anEngine = () =>
    new VoiceSessionEngine({
      uow,
      clock: new FixedClock(),
      ids: new TimeSortableIdGenerator(),
      logger: silentLogger(),
      writer: new CallRecordWriter({ uow, eventBus: new InProcessEventBus(), logger: silentLogger() }),
      brains: { brainFor: () => ({ answer: () => Promise.resolve() }) },
      now: () => 0,
      answerReads: new BoundedCallMemo(() => 0),
      endedSessions: new BoundedCallMemo(() => 0),
    });
  return { uow, engine: anEngine(), anEngine, call, asked };
};

describe(`${VoiceSessionEngine.name}, opening a call's session`, () => {
  it("claims a call's first media stream without asking for its turns: only its sessions write them, and none has run", async () => {
    const { engine, call, asked } = await anEngineWithACall();

    const opened = await engine.open(call.id, gateway);

    expect(E.isRight(opened)).toBe(true);
    expect(asked.turns).toBe(0);
    expect(E.isRight(opened) && opened.right.transcript()).toEqual([]);
  });

  it("refuses another node's stream of the same call, still without asking for its turns", async () => {
    const { engine, anEngine, call, asked } = await anEngineWithACall();
    await engine.open(call.id, gateway);

    const second = await anEngine().open(call.id, gateway);

    expect(second).toEqual(E.left({ _tag: 'MediaTaken', callId: call.id }));
    expect(asked.turns).toBe(0);
  });

  it('reads the turns so far of a call back from a transfer, and goes on from them', async () => {
    const { uow, engine, call, asked } = await anEngineWithACall();
    const stored = [aTurn(call.id, 1, { content: 'Hello.' }), aTurn(call.id, 2, { content: 'Put me through.' })];
    await uow.store.transaction(async (tx) => E.right(await tx.transcripts.save(stored)));

    const resumed = await engine.open(call.id, gateway, { attempt: 1, said: 'The line was busy.' });

    expect(asked.turns).toBe(1);
    expect(E.isRight(resumed) && resumed.right.transcript().slice(0, 2)).toEqual(stored);
  });
});
