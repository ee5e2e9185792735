import * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { Repositories } from '../../../../src/application/ports/repositories.js';
import type { DeliveryTrigger } from '../../../../src/application/ports/webhook-repositories.js';
import type { E164 } from '../../../../src/domain/e164.js';
import { BatchedInboundTextStore } from '../../../../src/application/messaging/batched-inbound-text-store.js';
import { ReceiveInboundSms, type ReceiveInboundSmsDeps } from '../../../../src/application/use-cases/messages/receive-inbound-sms.js';
import { UnitOfWorkInboundTextStore, type UnitOfWorkInboundTextStoreDeps } from '../../../../src/application/use-cases/messages/unit-of-work-inbound-text-store.js';
import { aNumber, anAgent } from '../../../support/builders.js';

/** Inbound texts received as the composition root wires them: concurrent texts share a unit of work. */
export const aTextReceiver = (
  deps: UnitOfWorkInboundTextStoreDeps & { readonly maxTextsPerCommit?: number; readonly hostedReplies?: ReceiveInboundSmsDeps['hostedReplies'] },
): ReceiveInboundSms => {
  const { maxTextsPerCommit, hostedReplies, ...storage } = deps;
  const texts = new BatchedInboundTextStore(new UnitOfWorkInboundTextStore(storage), maxTextsPerCommit === undefined ? {} : { maxTextsPerCommit });
  return new ReceiveInboundSms({ texts, ...(hostedReplies ? { hostedReplies } : {}) });
};

export const T0 = new Date('2026-05-01T12:00:00.000Z');

/** Counts pokes: what the dispatcher would be woken by. */
export class RecordingTrigger implements DeliveryTrigger {
  pokes = 0;
  poke(): void {
    this.pokes += 1;
  }
}

/** The ids the messaging tests name: project proj_1, its agent agt_1 and that agent's numbers num_1, num_2, … */
export const LINE = { projectId: 'proj_1', agentId: 'agt_1' } as const;

/** Stores agent agt_1 of proj_1 with one number per phone number given: num_1, num_2, … in that order. */
export const seedTextingLine = async (tx: Repositories, phoneNumbers: readonly E164[]): Promise<void> => {
  await tx.agents.save(anAgent({ id: LINE.agentId, projectId: LINE.projectId, name: 'Texter' }));
  for (const [index, phoneNumber] of phoneNumbers.entries()) {
    await tx.numbers.save(aNumber({ id: `num_${index + 1}`, projectId: LINE.projectId, agentId: LINE.agentId, phoneNumber }));
  }
};

/** In-memory storage, a fixed clock and real ids: what the messaging use cases run on in tests. */
export const aMessagingStore = () => {
  const uow = new InMemoryUnitOfWork();
  const clock = new FixedClock(T0);
  const ids = new TimeSortableIdGenerator();
  const seed = async (work: (tx: Repositories) => Promise<unknown>) => {
    await uow.transaction(async (tx) => E.right(await work(tx)));
  };
  return { uow, clock, ids, seed, tables: uow.tables };
};
