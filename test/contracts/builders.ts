import { randomInt, randomUUID } from 'node:crypto';
import type { Agent } from '../../src/domain/agent.js';
import { trustE164, type E164 } from '../../src/domain/e164.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import type { Webhook } from '../../src/domain/webhook.js';

// Every contract test makes its own ids and numbers, so no suite needs an empty database.
export const newId = (prefix: string): string => `${prefix}_${randomUUID().replaceAll('-', '')}`;
export const newNumber = (): E164 => trustE164(`+1${randomInt(200, 999)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`);
/** A fixed instant plus `second` seconds (and 123 ms, so precision loss would show). */
export const at = (second: number): Date => new Date(Date.UTC(2026, 0, 1) + second * 1000 + 123);

export const anAgent = (overrides: Partial<Agent> = {}): Agent => ({
  id: newId('agt'),
  projectId: newId('prj'),
  name: 'Receptionist',
  description: null,
  voiceMode: 'webhook',
  systemPrompt: null,
  greeting: null,
  voice: 'Google.en-US-Journey-O',
  transferNumber: null,
  language: 'en-US',
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

export const aNumber = (overrides: Partial<PhoneNumber> = {}): PhoneNumber => ({
  id: newId('num'),
  projectId: newId('prj'),
  phoneNumber: newNumber(),
  country: 'US',
  status: 'active',
  agentId: null,
  providerId: `PN${randomUUID().replaceAll('-', '')}`,
  createdAt: at(0),
  releasedAt: null,
  ...overrides,
});

/** A project's default webhook unless `agentId` is given. */
export const aWebhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: newId('wh'),
  projectId: newId('proj'),
  agentId: null,
  url: 'https://hooks.example.com/in',
  secret: `whsec_${randomUUID()}`,
  contextLimit: 10,
  timeoutSeconds: 30,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 123)),
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 1, 456)),
  ...overrides,
});
