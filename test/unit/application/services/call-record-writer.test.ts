import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../../src/adapters/in-process/in-process-event-bus.js';
import { silentLogger } from '../../../../src/adapters/pino/pino-logger.js';
import type { CallEvent } from '../../../../src/application/ports/event-bus.js';
import { CallRecordWriter } from '../../../../src/application/voice/call-record-writer.js';
import type { TranscriptTurn } from '../../../../src/domain/call.js';
import { aCall, aTurn } from '../../../support/builders.js';
import { InstrumentedStore } from '../../../support/instrumented-store.js';

/** An in-memory store that notes how many turns each of the transcript's writes carried. */
const saveCountingStore = () => {
  const saves: number[] = [];
  const uow = new InstrumentedStore((repos) => {
    const transcripts = repos.transcripts;
    const save = (turns: readonly TranscriptTurn[]) => {
      saves.push(turns.length);
      return transcripts.save(turns);
    };
    return { ...repos, transcripts: Object.assign(Object.create(transcripts) as typeof transcripts, { save }) };
  });
  return { uow, saves };
};

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A writer over a counting store holding one call, and the turn events its bus carried. */
const aWriter = async (windowMs: number) => {
  const { uow, saves } = saveCountingStore();
  const call = aCall();
  await uow.store.transaction(async (tx) => E.right(await tx.calls.save(call)));
  const eventBus = new InProcessEventBus();
  const heard: CallEvent[] = [];
  await eventBus.subscribe(call.id, (event) => heard.push(event));
  const writer = new CallRecordWriter({ uow, eventBus, logger: silentLogger(), windowMs });
  const stored = () => uow.store.transaction(async (repos) => E.right(await repos.transcripts.listByCall(call.id)));
  return { saves, call, heard, writer, stored };
};

/** Turn numbers of what the bus carried, in order. */
const sequences = (events: readonly CallEvent[]) => events.flatMap((event) => (event.type === 'turn' ? [event.turn.sequence] : []));

/** Resolves once `heard` holds `count` events (waits for the writer's own timer, not a sleep of the test's). */
const untilHeard = (heard: readonly CallEvent[], count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (heard.length >= count ? resolve() : setImmediate(check));
    check();
  });

describe(CallRecordWriter.name, () => {
  it('writes a record handed over after a quiet spell at once, and what comes within the window after it in one statement at its end', async () => {
    const { saves, call, heard, writer, stored } = await aWriter(60_000);

    writer.writeTurn(aTurn(call.id, 1));
    await untilHeard(heard, 1);
    for (const sequence of [2, 3, 4]) {
      writer.writeTurn(aTurn(call.id, sequence));
      await nextTick();
    }
    expect(saves).toEqual([1]);
    await writer.settled();

    expect(saves).toEqual([1, 3]);
    expect(E.getOrElseW(() => [])(await stored()).map((turn) => turn.sequence)).toEqual([1, 2, 3, 4]);
    expect(sequences(heard)).toEqual([1, 2, 3, 4]);
  });

  it('writes what waits as soon as asked to settle, without waiting out the window', async () => {
    const { writer, stored, call, heard } = await aWriter(60 * 60_000);

    writer.writeTurn(aTurn(call.id, 1));
    await untilHeard(heard, 1);
    writer.writeTurn(aTurn(call.id, 2));
    await writer.settled();

    expect(E.getOrElseW(() => [])(await stored())).toHaveLength(2);
  });

  it('writes what waits once the window ends, unasked, and announces it only once stored', async () => {
    const { saves, heard, writer, stored, call } = await aWriter(5);

    writer.writeTurn(aTurn(call.id, 1));
    await untilHeard(heard, 1);
    writer.writeTurn(aTurn(call.id, 2));
    writer.writeTurn(aTurn(call.id, 3));
    await untilHeard(heard, 3);

    expect(E.getOrElseW(() => [])(await stored())).toHaveLength(3);
    expect(saves).toEqual([1, 2]);
  });

  it('answers a wait for what was handed over once the window’s write has stored it, writing nothing sooner', async () => {
    const { saves, writer, stored, call, heard } = await aWriter(50);
    writer.writeTurn(aTurn(call.id, 1));
    await untilHeard(heard, 1);
    await writer.written(); // nothing waits: answered at once

    writer.writeTurn(aTurn(call.id, 2));
    writer.writeTurn(aTurn(call.id, 3));
    let answered = false;
    const waited = writer.written().then(() => (answered = true));
    await nextTick();
    expect([answered, saves]).toEqual([false, [1]]);
    await waited;

    expect(saves).toEqual([1, 2]);
    expect(E.getOrElseW(() => [])(await stored()).map((turn) => turn.sequence)).toEqual([1, 2, 3]);
    expect(sequences(heard)).toEqual([1, 2, 3]);
  });

  it('holds the process open for the window’s write while something waits for it', () => {
    // A script with nothing else to run: the window's timer alone must carry it to the write.
    const script = `
      import { CallRecordWriter } from './src/application/voice/call-record-writer.js';
      import { InMemoryUnitOfWork } from './src/adapters/memory/in-memory-unit-of-work.js';
      import { InProcessEventBus } from './src/adapters/in-process/in-process-event-bus.js';
      import { silentLogger } from './src/adapters/pino/pino-logger.js';
      const writer = new CallRecordWriter({ uow: new InMemoryUnitOfWork(), eventBus: new InProcessEventBus(), logger: silentLogger(), windowMs: 200 });
      const turn = (sequence) => ({ id: 'turn_' + sequence, callId: 'call_x', role: 'user', content: 'Hello', createdAt: new Date(), interrupted: false, sequence });
      writer.writeTurn(turn(1));
      await writer.written();
      writer.writeTurn(turn(2));
      await writer.written();
      console.log('written');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 60_000,
    });

    expect({ status: run.status, out: run.stdout.trim() }).toEqual({ status: 0, out: 'written' });
  });

  it('keeps what is handed over while a batch is being written for the next one, and loses none of it', async () => {
    const { saves, heard, writer, stored, call } = await aWriter(0);

    writer.writeTurn(aTurn(call.id, 1));
    await nextTick(); // the first batch is under way
    writer.writeTurn(aTurn(call.id, 2));
    writer.writeTurn(aTurn(call.id, 3));
    await writer.settled();

    expect(saves).toEqual([1, 2]);
    expect(E.getOrElseW(() => [])(await stored()).map((turn) => turn.sequence)).toEqual([1, 2, 3]);
    expect(sequences(heard)).toEqual([1, 2, 3]);
  });

  it('hands a batch’s turns to the bus together, in order, not each after the last was sent', async () => {
    const { uow } = saveCountingStore();
    const call = aCall();
    await uow.store.transaction(async (tx) => E.right(await tx.calls.save(call)));
    // A bus whose sends wait until released, as a notice on its way to another node does.
    const handed: number[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const eventBus = Object.assign(new InProcessEventBus(), {
      publish: async (event: CallEvent) => {
        if (event.type === 'turn') handed.push(event.turn.sequence);
        await released;
      },
    });
    const writer = new CallRecordWriter({ uow, eventBus, logger: silentLogger(), windowMs: 60_000 });

    for (const sequence of [1, 2, 3]) writer.writeTurn(aTurn(call.id, sequence));
    const settled = writer.settled();
    await new Promise<void>((resolve) => {
      const check = () => (handed.length >= 3 ? resolve() : setImmediate(check));
      check();
    });

    expect(handed).toEqual([1, 2, 3]);
    release();
    await settled;
  });
});
