import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { JsonOutboundEventEncoder } from '../../../src/adapters/http/json-outbound-event-encoder.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { AgentBrain, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import { AnswerInboundCall } from '../../../src/application/use-cases/calls/answer-inbound-call.js';
import { completeCall } from '../../../src/domain/call.js';
import { anAgent, aNumber, aProject, aWebhook, at, newNumber } from '../../support/builders.js';
import { countingCallReads, InstrumentedStore } from '../../support/instrumented-store.js';
import { aVoiceEngine } from '../../support/voice-engine.js';

const gateway: VoiceGateway = { speak: () => {}, pressDigits: () => {}, transfer: () => {}, hangUp: () => {}, disconnect: () => {} };
const REFRESH_MS = 5000;

/** Answers at once, keeping the webhook each turn was given. */
class NotingBrain implements AgentBrain {
  readonly webhookSecrets: (string | undefined)[] = [];

  answer(turn: BrainTurn): Promise<void> {
    this.webhookSecrets.push(turn.webhook?.secret);
    return Promise.resolve();
  }
}

/**
 * A node answering a project's number (its agent has a webhook): AnswerInboundCall and the voice
 * engine over one store, as the composition root joins them, with the engine's monotonic clock
 * moved by hand. `asked` counts the reads of a call, its turns, its agent and its webhook, from
 * the last `reset` on (each test resets once the calls are answered).
 */
const aNode = async (options: { readonly answeredKept?: number } = {}) => {
  const { asked, around, reset } = countingCallReads();
  const uow = new InstrumentedStore(around);
  const project = aProject();
  const agent = anAgent({ projectId: project.id, voiceMode: 'hosted', greeting: 'Hello, how can I help?' });
  const number = aNumber({ projectId: project.id, agentId: agent.id });
  const webhook = aWebhook({ projectId: project.id, agentId: agent.id });
  await uow.store.transaction(async (tx) => {
    await tx.projects.save(project);
    await tx.agents.save(agent);
    await tx.numbers.save(number);
    await tx.webhooks.save(webhook);
    return E.right(undefined);
  });
  const brain = new NotingBrain();
  const clock = { now: 0 };
  const anEngine = () => aVoiceEngine(uow, brain, () => clock.now, { webhookRefreshMs: REFRESH_MS, ...options });
  const engine = anEngine();
  const answer = new AnswerInboundCall({ uow, clock: new FixedClock(at(0)), ids: new TimeSortableIdGenerator(), eventEncoder: new JsonOutboundEventEncoder(), deliveryTrigger: null, live: engine });
  /** A caller rings the number: the call as answered. */
  const ring = async () => {
    const answered = await answer.execute({ to: number.phoneNumber, from: newNumber(), providerCallId: `CA${new TimeSortableIdGenerator().next('call')}`, webCallId: null })();
    if (E.isLeft(answered) || answered.right.busy) throw new Error('the call was not answered');
    return answered.right.call;
  };
  const changeWebhook = (secret: string) => uow.store.transaction(async (tx) => E.right(await tx.webhooks.save({ ...webhook, secret })));
  const endStored = async (callId: string) => {
    const found = await uow.store.transaction(async (repos) => E.right(await repos.calls.findByIdInAnyProject(callId)));
    const ended = E.isRight(found) && found.right ? completeCall(found.right, { now: at(1), reason: 'caller_hangup' }) : null;
    if (!ended || E.isLeft(ended)) throw new Error('could not end the call');
    await uow.store.transaction(async (tx) => E.right(await tx.calls.storeEnd(ended.right)));
  };
  return { engine, anEngine, ring, asked, reset, clock, brain, agent, webhook, changeWebhook, endStored };
};

describe("a call's session opening on the node that answered it", () => {
  it('reads neither the call nor its agent nor its webhook again, claims the media, and runs on them', async () => {
    const node = await aNode();
    const call = await node.ring();
    node.reset();

    const opened = await node.engine.open(call.id, gateway);

    expect(node.asked).toEqual({ call: 0, turns: 0, agent: 0, webhook: 0 });
    expect(E.isRight(opened) && opened.right.context).toEqual({ call, agent: node.agent, webhook: node.webhook });
    expect(E.isRight(opened) && opened.right.transcript().map((turn) => turn.content)).toEqual(['Hello, how can I help?']);
    expect(await node.anEngine().open(call.id, gateway)).toEqual(E.left({ _tag: 'MediaTaken', callId: call.id }));
  });

  it('refuses the call, as one that ended, when its caller hung up before the media connected', async () => {
    const node = await aNode();
    const call = await node.ring();
    await node.endStored(call.id);

    const opened = await node.engine.open(call.id, gateway);

    expect(opened).toEqual(E.left(expect.objectContaining({ _tag: 'Conflict', message: expect.stringContaining('is completed') })));
    expect(node.engine.find(call.id)).toBeUndefined();
  });

  it("reads them on another node, and after the window, as any open does", async () => {
    const node = await aNode();
    const elsewhere = await node.ring();
    const late = await node.ring();
    node.reset();

    const openedElsewhere = await node.anEngine().open(elsewhere.id, gateway);
    node.clock.now = 10_001;
    const openedLate = await node.engine.open(late.id, gateway);

    expect(node.asked).toEqual({ call: 2, turns: 0, agent: 2, webhook: 2 });
    expect([openedElsewhere, openedLate].map(E.isRight)).toEqual([true, true]);
  });

  it('keeps at most its bound of answered calls, the oldest going first', async () => {
    const node = await aNode({ answeredKept: 1 });
    const first = await node.ring();
    const second = await node.ring();
    node.reset();

    await node.engine.open(first.id, gateway);
    const readsForTheFirst = { ...node.asked };
    await node.engine.open(second.id, gateway);

    expect(readsForTheFirst).toEqual({ call: 1, turns: 0, agent: 1, webhook: 1 });
    expect(node.asked).toEqual(readsForTheFirst);
  });

  it("counts its webhook's staleness from the answer's read: one window after the answer, the next turn looks it up", async () => {
    const node = await aNode();
    const call = await node.ring();
    await node.changeWebhook('whsec_rotated');
    node.clock.now = REFRESH_MS - 1000;
    const opened = await node.engine.open(call.id, gateway);
    if (E.isLeft(opened)) throw new Error(opened.left._tag);
    node.reset();

    opened.right.callerSaid('Hello?');
    node.clock.now = REFRESH_MS + 1;
    opened.right.callerSaid('Are you there?'); // its view is a window old: the look-up starts
    await new Promise<void>((resolve) => setImmediate(resolve));
    opened.right.callerSaid('Hi?');

    expect(node.asked.webhook).toBe(1);
    expect(node.brain.webhookSecrets).toEqual([node.webhook.secret, node.webhook.secret, 'whsec_rotated']);
  });
});
