import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { JsonOutboundEventEncoder } from '../../../src/adapters/http/json-outbound-event-encoder.js';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { AgentBrain } from '../../../src/application/ports/agent-brain.js';
import type { VoiceSession } from '../../../src/application/voice/voice-session.js';
import { FinishCall, type FinishCallInput } from '../../../src/application/use-cases/calls/finish-call.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { aCall, anAgent, aWebhook, at } from '../../support/builders.js';
import { countingCallReads, InstrumentedStore } from '../../support/instrumented-store.js';
import { aVoiceEngine } from '../../support/voice-engine.js';
import { inMemoryDeliveryLogQuery } from '../../../src/adapters/memory/in-memory-project-queries.js';

const gateway: VoiceGateway = { speak: () => {}, pressDigits: () => {}, transfer: () => {}, hangUp: () => {}, disconnect: () => {} };

/** Answers every caller turn with one sentence; asked for a human, hands the caller over warm. */
const brain: AgentBrain = {
  answer: async ({ utterance }, _signal, act) => {
    if (utterance === 'A human, please.') act({ kind: 'transfer', mode: 'warm', to: '+14155550199', summary: 'Wants a human.' });
    else act({ kind: 'say', text: `You said: ${utterance}`, interim: false });
  },
};

/**
 * A node: its voice engine and FinishCall over a store holding a live call of an agent that asks
 * for analyses and has a webhook. `asked` counts the reads of the call, its turns, its agent and
 * its webhook by the call's end (`finish`), not by the session's open.
 */
const aNode = async (options: { readonly endedKept?: number } = {}) => {
  const { asked, around, reset } = countingCallReads();
  const uow = new InstrumentedStore(around);
  const agent = anAgent({ voiceMode: 'hosted', analysis: true, transferNumber: trustE164('+14155550199') });
  const call = aCall({ projectId: agent.projectId, agentId: agent.id, voiceMode: 'hosted', greeting: 'Hello, how can I help?' });
  await uow.store.transaction(async (tx) => {
    await tx.agents.save(agent);
    await tx.calls.save(call);
    await tx.webhooks.save(aWebhook({ projectId: agent.projectId }));
    return E.right(undefined);
  });
  let now = 0;
  const engine = aVoiceEngine(uow, brain, () => now, options);
  const finishCall = new FinishCall({
    uow,
    clock: new FixedClock(at(90)),
    ids: new TimeSortableIdGenerator(),
    live: engine,
    eventBus: new InProcessEventBus(),
    deliveryTrigger: null,
    logger: silentLogger(),
    eventEncoder: new JsonOutboundEventEncoder(),
    analysis: { unavailableBecause: null, poke: () => {} },
  });
  const open = async (callId = call.id): Promise<VoiceSession> => {
    const opened = await engine.open(callId, gateway);
    if (E.isLeft(opened)) throw new Error(opened.left._tag);
    return opened.right;
  };
  /** Another live call of the same agent, its session open. */
  const openAnother = async (): Promise<VoiceSession> => {
    const another = aCall({ projectId: agent.projectId, agentId: agent.id, voiceMode: 'hosted', greeting: '' });
    await uow.store.transaction(async (tx) => E.right(await tx.calls.save(another)));
    return open(another.id);
  };
  /** The agent.call_ended event queued for the webhook, as sent. */
  const endedEvent = async () => {
    const { items: deliveries } = await inMemoryDeliveryLogQuery(uow.store).page(call.projectId, { limit: 10, offset: 0, since: null, agentId: null });
    expect(deliveries.map((d) => d.eventType)).toEqual(['agent.call_ended']);
    return JSON.parse(deliveries[0]!.body) as { data: { transcript: { role: string; content: string }[] } };
  };
  const storedCall = async () => {
    const read = await uow.store.transaction(async (repos) => E.right({ call: await repos.calls.findByIdInAnyProject(call.id), analysis: await repos.callAnalyses.findByCall(call.id) }));
    return E.isRight(read) ? read.right : null;
  };
  const finish = (input: Omit<FinishCallInput, 'outcome'>) => {
    reset();
    return finishCall.execute({ outcome: 'completed', ...input })();
  };
  return { engine, finish, call, asked, open, openAnother, endedEvent, storedCall, later: (ms: number) => (now += ms) };
};

/** The caller says each in turn, each answer given before the next. */
const talk = async (session: VoiceSession, ...said: string[]) => {
  for (const words of said) {
    session.callerSaid(words);
    await new Promise((resolve) => setImmediate(resolve));
  }
};

const THE_CONVERSATION = [
  { role: 'agent', content: 'Hello, how can I help?' },
  { role: 'user', content: 'Where is my order?' },
  { role: 'agent', content: 'You said: Where is my order?' },
];

describe("a call's end after its session ended on this node", () => {
  it('reads neither its turns nor its agent back, and its event carries every turn the session held', async () => {
    const node = await aNode();
    const session = await node.open();
    await talk(session, 'Where is my order?');
    session.callerHungUp();

    const ended = await node.finish({ callId: node.call.id, reason: 'caller_hangup' });

    expect(node.asked).toEqual({ call: 1, turns: 0, agent: 0, webhook: 1 });
    expect(ended).toEqual(E.right(expect.objectContaining({ status: 'completed', lastTranscriptSnippet: 'You said: Where is my order?' })));
    expect((await node.endedEvent()).data.transcript).toEqual(THE_CONVERSATION);
    expect((await node.storedCall())?.analysis).toMatchObject({ status: 'pending' });
  });

  it("does so too when the carrier names the call by its own id (the hang-up's report)", async () => {
    const node = await aNode();
    const session = await node.open();
    await talk(session, 'Where is my order?');
    session.callerHungUp();

    await node.finish({ providerCallId: node.call.providerCallId!, reason: 'caller_hangup' });

    expect(node.asked).toEqual({ call: 1, turns: 0, agent: 0, webhook: 1 });
    expect((await node.endedEvent()).data.transcript).toEqual(THE_CONVERSATION);
  });

  it('ends a session still live here first, then uses what it knew', async () => {
    const node = await aNode();
    const session = await node.open();
    await talk(session, 'Where is my order?');

    await node.finish({ callId: node.call.id, reason: 'agent_hangup' });

    expect(session.isEnded).toBe(true);
    expect(node.asked).toEqual({ call: 1, turns: 0, agent: 0, webhook: 1 });
    expect((await node.endedEvent()).data.transcript).toEqual(THE_CONVERSATION);
  });

  it('reads the turns from storage after a warm transfer: the call could have gone on in a session elsewhere', async () => {
    const node = await aNode();
    const session = await node.open();
    await talk(session, 'Where is my order?', 'A human, please.');
    expect(session.isEnded).toBe(true);

    await node.finish({ callId: node.call.id, reason: 'transfer' });

    expect(node.asked).toEqual({ call: 1, turns: 1, agent: 1, webhook: 1 });
    expect((await node.endedEvent()).data.transcript).toEqual([...THE_CONVERSATION, { role: 'user', content: 'A human, please.' }]);
  });

  it('hands what a session knew over once, and not after ten seconds: later ends read storage', async () => {
    const once = await aNode();
    const session = await once.open();
    await talk(session, 'Where is my order?');
    session.callerHungUp();
    expect(await once.engine.settle(once.call.id)).toMatchObject({ turns: expect.arrayContaining([expect.objectContaining({ role: 'user', content: 'Where is my order?' })]) });
    expect(await once.engine.settle(once.call.id)).toBeNull();

    const late = await aNode();
    const lateSession = await late.open();
    await talk(lateSession, 'Where is my order?');
    lateSession.callerHungUp();
    late.later(10_001);

    await late.finish({ callId: late.call.id, reason: 'caller_hangup' });

    expect(late.asked).toEqual({ call: 1, turns: 1, agent: 1, webhook: 1 });
    expect((await late.endedEvent()).data.transcript).toEqual(THE_CONVERSATION);
  });

  it('keeps what so many sessions knew at most, letting the longest waiting go first', async () => {
    const node = await aNode({ endedKept: 1 });
    const first = await node.open();
    await talk(first, 'Where is my order?');
    first.callerHungUp();
    const second = await node.openAnother();
    second.callerHungUp();

    expect(await node.engine.settle(first.callId)).toBeNull();
    expect(await node.engine.settle(second.callId)).toEqual({ agent: expect.objectContaining({ id: node.call.agentId }), turns: [] });
  });
});
