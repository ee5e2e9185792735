import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { JsonOutboundEventEncoder } from '../../../../src/adapters/http/json-outbound-event-encoder.js';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { EventBus } from '../../../../src/application/ports/event-bus.js';
import type { Repositories } from '../../../../src/application/ports/repositories.js';
import { FinishCall, type FinishCallInput } from '../../../../src/application/use-cases/calls/finish-call.js';
import type { Call } from '../../../../src/domain/call.js';
import { RecordingLogger } from '../../../integration/rest/harness.js';
import { InstrumentedStore } from '../../../support/instrumented-store.js';
import { aCall, anAgent, aTurn, aWebhook, at } from '../../../support/builders.js';
import { inMemoryDeliveryLogQuery } from '../../../../src/adapters/memory/in-memory-project-queries.js';

/** FinishCall over a counting in-memory store; `published` holds what it told the live streams. */
const aFinishCall = (store: InstrumentedStore, analysis?: { unavailableBecause: string | null }) => {
  const published: unknown[] = [];
  const eventBus = { publish: async (event: unknown) => void published.push(event) } as unknown as EventBus;
  const sut = new FinishCall({
    uow: store,
    clock: new FixedClock(at(90)),
    ids: new TimeSortableIdGenerator(),
    live: { settle: async () => null },
    eventBus,
    deliveryTrigger: null,
    logger: new RecordingLogger(),
    eventEncoder: new JsonOutboundEventEncoder(),
    ...(analysis ? { analysis: { ...analysis, poke: () => {} } } : {}),
  });
  return { sut, published };
};

const arrange = async (store: InstrumentedStore, call: Call, more: (repos: Repositories) => Promise<void> = async () => {}) => {
  await store.store.transaction(async (tx) => {
    await tx.calls.save(call);
    await tx.transcripts.save([aTurn(call.id, 1, { content: 'Hello' }), aTurn(call.id, 2, { content: 'Goodbye then' })]);
    await more(tx);
    return E.right(undefined);
  });
};

const stored = async (store: InstrumentedStore, call: Call) => {
  const read = await store.store.transaction(async (tx) =>
    E.right({ call: await tx.calls.findByIdInAnyProject(call.id), analysis: await tx.callAnalyses.findByCall(call.id) }),
  );
  if (E.isLeft(read)) throw new Error('unreadable');
  const log = await inMemoryDeliveryLogQuery(store.store).page(call.projectId, { limit: 50, offset: 0, since: null, agentId: null });
  return { call: read.right.call, deliveries: log.items, analysis: read.right.analysis };
};

const hangUp = (callId: string, overrides: Partial<FinishCallInput> = {}): FinishCallInput => ({ callId, outcome: 'completed', reason: 'caller_hangup', ...overrides });

describe(FinishCall.name, () => {
  it('ends a call once over racing reports: one agent.call_ended queued, one end told, both answering the call as stored', async () => {
    const store = new InstrumentedStore();
    const call = aCall();
    await arrange(store, call, (tx) => tx.webhooks.save(aWebhook({ projectId: call.projectId })));
    const { sut, published } = aFinishCall(store);

    const [first, second] = await Promise.all([sut.execute(hangUp(call.id))(), sut.execute(hangUp(call.id, { reason: 'agent_hangup' }))()]);

    const after = await stored(store, call);
    expect(after.call).toMatchObject({ status: 'completed', disconnectionReason: 'caller_hangup', durationSeconds: 90, lastTranscriptSnippet: 'Goodbye then' });
    expect(first).toEqual(E.right(after.call));
    expect(second).toEqual(E.right(after.call));
    expect(after.deliveries.map((d) => d.eventType)).toEqual(['agent.call_ended']);
    expect(published).toEqual([{ type: 'ended', callId: call.id, status: 'completed' }]);
  });

  it('stores an end with nothing beside it, and one with its event and analysis beside it', async () => {
    const alone = new InstrumentedStore();
    const quiet = aCall();
    await arrange(alone, quiet);
    await aFinishCall(alone).sut.execute(hangUp(quiet.id))();

    const withMore = new InstrumentedStore();
    const agent = anAgent({ analysis: true });
    const busy = aCall({ projectId: agent.projectId, agentId: agent.id });
    await arrange(withMore, busy, async (tx) => {
      await tx.agents.save(agent);
      await tx.webhooks.save(aWebhook({ projectId: agent.projectId }));
    });
    await aFinishCall(withMore, { unavailableBecause: null }).sut.execute(hangUp(busy.id, { outcome: 'failed', reason: 'error' }))();

    expect((await stored(alone, quiet)).call).toMatchObject({ status: 'completed' });
    const after = await stored(withMore, busy);
    expect(after.call).toMatchObject({ status: 'failed', disconnectionReason: 'error' });
    expect(after.deliveries.map((d) => d.eventType)).toEqual(['agent.call_ended']);
    expect(after.analysis).toMatchObject({ status: 'pending' });
  });

  it('leaves a web call that a browser joined while its end was being decided, and sends nothing', async () => {
    const web = aCall({ type: 'web', providerCallId: null, fromNumber: 'client:x', toNumber: 'web' });
    // The browser joins once the sweep has read the call, before its end is stored.
    let joined = false;
    const store: InstrumentedStore = new InstrumentedStore((repos) => ({
      ...repos,
      transcripts: {
        ...repos.transcripts,
        listByCall: async (callId, after) => {
          if (!joined) {
            joined = true;
            await repos.calls.save({ ...web, providerCallId: 'CA-joined' });
          }
          return repos.transcripts.listByCall(callId, after);
        },
      },
    }));
    await arrange(store, web, (tx) => tx.webhooks.save(aWebhook({ projectId: web.projectId })));
    const { sut, published } = aFinishCall(store);

    const result = await sut.execute(hangUp(web.id, { outcome: 'failed', reason: 'not_connected', onlyIf: (c) => c.providerCallId === null }))();

    const after = await stored(store, web);
    expect(joined).toBe(true);
    expect(after.call).toEqual({ ...web, providerCallId: 'CA-joined' });
    expect(result).toEqual(E.right(after.call));
    expect(after.deliveries).toEqual([]);
    expect(published).toEqual([]);
  });
});
