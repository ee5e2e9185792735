import * as E from 'fp-ts/lib/Either.js';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import type { Repositories } from '../../../../src/application/ports/repositories.js';
import type { DeliveryTrigger } from '../../../../src/application/ports/webhook-repositories.js';
import type { Agent } from '../../../../src/domain/agent.js';
import type { Contact } from '../../../../src/domain/contact.js';
import { trustE164 } from '../../../../src/domain/e164.js';
import type { PhoneNumber } from '../../../../src/domain/phone-number.js';
import type { Webhook } from '../../../../src/domain/webhook.js';

export const T0 = new Date('2026-05-01T12:00:00.000Z');

/** Counts pokes: what the dispatcher would be woken by. */
export class RecordingTrigger implements DeliveryTrigger {
  pokes = 0;
  poke(): void {
    this.pokes += 1;
  }
}

export const anAgent = (overrides: Partial<Agent> = {}): Agent => ({
  id: 'agt_1',
  projectId: 'proj_1',
  name: 'Texter',
  description: null,
  voiceMode: 'webhook',
  systemPrompt: null,
  greeting: null,
  voice: 'Google.en-US-Journey-O',
  transferNumber: null,
  language: 'en-US',
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const aNumber = (overrides: Partial<PhoneNumber> = {}): PhoneNumber => ({
  id: 'num_1',
  projectId: 'proj_1',
  phoneNumber: trustE164('+14155550100'),
  country: 'US',
  status: 'active',
  agentId: 'agt_1',
  providerId: 'PN1',
  createdAt: T0,
  releasedAt: null,
  ...overrides,
});

export const aWebhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 'wh_1',
  projectId: 'proj_1',
  agentId: null,
  url: 'https://hooks.example.com/sms',
  secret: 'whsec_test',
  contextLimit: 10,
  timeoutSeconds: 30,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const aContact = (overrides: Partial<Contact> = {}): Contact => ({
  id: 'ctc_1',
  projectId: 'proj_1',
  name: 'Ada Lovelace',
  phoneNumber: trustE164('+14155550199'),
  email: 'ada@example.com',
  notes: null,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

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
