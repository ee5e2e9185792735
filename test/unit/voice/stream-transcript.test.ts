import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import { StreamTranscript, type TranscriptStreamEvent } from '../../../src/application/use-cases/calls/stream-transcript.js';
import { completeCall, type Call, type TranscriptTurn } from '../../../src/domain/call.js';
import { aCall, aTurn } from '../../support/builders.js';

const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, s));

/** Storage that lets the test act at the moment the stream reads it (the seam). */
class SeamUnitOfWork implements UnitOfWork {
  readonly inner = new InMemoryUnitOfWork();
  private reads = 0;
  constructor(private readonly onRead: (read: number, tx: Repositories) => Promise<void> | void) {}
  async transaction<L, A>(work: (tx: Repositories) => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.inner.transaction(async (tx) => {
      await this.onRead(++this.reads, tx);
      return work(tx);
    });
  }
  ping = () => this.inner.ping();
}

const store = (uow: InMemoryUnitOfWork, call: Call, turns: TranscriptTurn[]) =>
  uow.transaction(async (tx) => {
    await tx.calls.save(call);
    await tx.transcripts.save(turns);
    return E.right(undefined);
  });

/**
 * Reads the stream to its end (`all`). `first` resolves once the first event is read: the
 * replay from storage is then done, so what the test does next happens after it.
 */
const collect = (events: AsyncIterable<TranscriptStreamEvent>) => {
  let firstRead!: () => void;
  const first = new Promise<void>((resolve) => (firstRead = resolve));
  const all = (async () => {
    const seen: string[] = [];
    for await (const event of events) {
      if (event.type === 'turn') seen.push(`turn ${event.turn.sequence}`);
      if (event.type === 'unanswered') seen.push(`unanswered ${event.turnSequence} ${event.reason.kind}`);
      if (event.type === 'ended') seen.push(`ended ${event.status}`);
      firstRead();
    }
    firstRead();
    return seen;
  })();
  return { first, all };
};

describe(StreamTranscript.name, () => {
  it('passes on each turn once when a turn is published while storage is being replayed', async () => {
    const bus = new InProcessEventBus();
    const call = aCall({ id: 'call_1', projectId: 'proj_1' });
    const uow = new SeamUnitOfWork(async (read, tx) => {
      if (read !== 2) return; // 1: the call lookup; 2: the replay
      // Stored and announced right at the seam: the replay will also see turn 3.
      await tx.transcripts.save([aTurn('call_1', 3)]);
      await bus.publish({ type: 'turn', callId: call.id, turn: aTurn('call_1', 3) });
      await bus.publish({ type: 'turn', callId: call.id, turn: aTurn('call_1', 4) }); // announced before it is readable
    });
    await store(uow.inner, call, [aTurn('call_1', 1), aTurn('call_1', 2)]);
    const sut = new StreamTranscript({ uow, eventBus: bus });

    const opened = await sut.execute({ projectId: 'proj_1', callId: call.id })();
    if (E.isLeft(opened)) throw new Error(opened.left._tag);
    const seen = collect(opened.right.events);
    await seen.first;
    await bus.publish({ type: 'turn', callId: call.id, turn: aTurn('call_1', 5) });
    await bus.publish({ type: 'ended', callId: call.id, status: 'completed' });

    expect(await seen.all).toEqual(['turn 1', 'turn 2', 'turn 3', 'turn 4', 'turn 5', 'ended completed']);
  });

  it('fills a gap from storage and looks at storage once more before ended', async () => {
    const bus = new InProcessEventBus();
    const call = aCall({ id: 'call_1', projectId: 'proj_1' });
    const uow = new SeamUnitOfWork(() => undefined);
    await store(uow.inner, call, [aTurn('call_1', 1)]);
    const sut = new StreamTranscript({ uow, eventBus: bus });

    const opened = await sut.execute({ projectId: 'proj_1', callId: call.id })();
    if (E.isLeft(opened)) throw new Error(opened.left._tag);
    const seen = collect(opened.right.events);
    await seen.first;
    await store(uow.inner, call, [aTurn('call_1', 2), aTurn('call_1', 3)]); // turn 2 was never announced here
    await bus.publish({ type: 'turn', callId: call.id, turn: aTurn('call_1', 3) });
    const ended = completeCall(call, { now: at(9), reason: 'caller_hangup' });
    if (E.isLeft(ended)) throw new Error('not ended');
    await store(uow.inner, ended.right, [aTurn('call_1', 4)]);
    await bus.publish({ type: 'ended', callId: call.id, status: 'completed' });

    expect(await seen.all).toEqual(['turn 1', 'turn 2', 'turn 3', 'turn 4', 'ended completed']);
  });

  it('stops listening when the client goes away', async () => {
    const bus = new InProcessEventBus();
    const uow = new SeamUnitOfWork(() => undefined);
    await store(uow.inner, aCall({ id: 'call_1', projectId: 'proj_1' }), [aTurn('call_1', 1)]);
    const opened = await new StreamTranscript({ uow, eventBus: bus }).execute({ projectId: 'proj_1', callId: 'call_1' })();
    if (E.isLeft(opened)) throw new Error(opened.left._tag);
    const seen = collect(opened.right.events);
    await seen.first;

    opened.right.close();

    expect(await seen.all).toEqual(['turn 1']);
  });
});
