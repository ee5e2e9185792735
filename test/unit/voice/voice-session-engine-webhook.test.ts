import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../src/adapters/in-process/in-process-event-bus.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import type { VoiceGateway } from '../../../src/application/ports/voice-gateway.js';
import type { AgentBrain, BrainTurn } from '../../../src/application/ports/agent-brain.js';
import { BoundedCallMemo } from '../../../src/application/kernel/bounded-call-memo.js';
import { CallRecordWriter } from '../../../src/application/voice/call-record-writer.js';
import { VoiceSessionEngine } from '../../../src/application/voice/voice-session-engine.js';
import { aCall, anAgent, aWebhook } from '../../support/builders.js';
import { InstrumentedStore } from '../../support/instrumented-store.js';

/** A brain that answers at once, keeping what each answer was given. */
class NotingBrain implements AgentBrain {
  readonly turns: BrainTurn[] = [];

  answer(turn: BrainTurn): Promise<void> {
    this.turns.push(turn);
    return Promise.resolve();
  }
}

const gateway: VoiceGateway = { speak: () => {}, pressDigits: () => {}, transfer: () => {}, hangUp: () => {}, disconnect: () => {} };
const REFRESH_MS = 5000;

/** An engine over a store (counting its look-ups of webhook endpoints: live calls' webhook refreshes) holding `calls` live calls of one agent with a webhook; its monotonic clock moved by hand. */
const anEngineWithCalls = async (calls: number) => {
  const lookUps = { count: 0 };
  const uow = new InstrumentedStore((repos) => ({
    ...repos,
    webhooks: Object.assign(Object.create(repos.webhooks) as typeof repos.webhooks, {
      findEndpoints: (...args: Parameters<typeof repos.webhooks.findEndpoints>) => {
        lookUps.count++;
        return repos.webhooks.findEndpoints(...args);
      },
    }),
  }));
  const agent = anAgent({ voiceMode: 'hosted' });
  const webhook = aWebhook({ projectId: agent.projectId, agentId: agent.id });
  const stored = Array.from({ length: calls }, () => aCall({ projectId: agent.projectId, agentId: agent.id, voiceMode: 'hosted', greeting: '' }));
  await uow.store.transaction(async (tx) => {
    await tx.agents.save(agent);
    await tx.webhooks.save(webhook);
    for (const call of stored) await tx.calls.save(call);
    return E.right(undefined);
  });
  const brain = new NotingBrain();
  const clock = { now: 0 };
  const engine = new VoiceSessionEngine({
    uow,
    clock: new FixedClock(),
    ids: new TimeSortableIdGenerator(),
    logger: silentLogger(),
    writer: new CallRecordWriter({ uow, eventBus: new InProcessEventBus(), logger: silentLogger() }),
    brains: { brainFor: () => brain },
    now: () => clock.now,
    answerReads: new BoundedCallMemo(() => clock.now),
    endedSessions: new BoundedCallMemo(() => clock.now),
    webhookRefreshMs: REFRESH_MS,
  });
  const sessions = [];
  for (const call of stored) {
    const opened = await engine.open(call.id, gateway);
    if (E.isLeft(opened)) throw new Error(`could not open ${call.id}`);
    sessions.push(opened.right);
  }
  const changeWebhook = (secret: string) => uow.store.transaction(async (tx) => E.right(await tx.webhooks.save({ ...webhook, secret })));
  return { lookUps, brain, clock, sessions, changeWebhook };
};

const lookUpsDone = () => new Promise<void>((resolve) => setImmediate(resolve));

describe(`${VoiceSessionEngine.name}, live calls' webhook`, () => {
  it('looks up an agent\'s changed webhook once a window for all its live calls here, and each call answers with it', async () => {
    const { lookUps, brain, clock, sessions, changeWebhook } = await anEngineWithCalls(3);
    await changeWebhook('whsec_rotated');
    const lookUpsAtOpen = lookUps.count;

    clock.now = REFRESH_MS + 1;
    sessions[0]!.callerSaid('Hello?'); // its view is stale: the look-up starts
    await lookUpsDone();
    sessions[1]!.callerSaid('Hi?');
    sessions[2]!.callerSaid('Hey?');

    expect(lookUps.count - lookUpsAtOpen).toBe(1);
    expect(brain.turns.map((turn) => turn.webhook?.secret)).toEqual([expect.not.stringMatching('rotated'), 'whsec_rotated', 'whsec_rotated']);
  });

  it('looks it up again only once another window has passed', async () => {
    const { lookUps, clock, sessions } = await anEngineWithCalls(2);
    const lookUpsAtOpen = lookUps.count;

    for (const at of [REFRESH_MS + 1, REFRESH_MS + 2, 2 * REFRESH_MS, 2 * REFRESH_MS + 2]) {
      clock.now = at;
      for (const session of sessions) session.callerSaid(`at ${at}`);
      await lookUpsDone();
    }

    expect(lookUps.count - lookUpsAtOpen).toBe(2);
  });
});
