import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { newProject, reactivateProject, setRecording, suspendProject } from '../../../src/domain/project.js';
import { redeliverNow, type WebhookDelivery } from '../../../src/domain/webhook-delivery.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';

const created = new Date('2026-03-01T00:00:00.000Z');
const now = new Date('2026-03-10T12:00:00.000Z');
const aProject = () => newProject({ id: 'proj_1', email: trustMailbox('ops@example.com'), now: created });

describe(suspendProject.name, () => {
  it('suspends an active project and leaves a suspended one as it is', () => {
    const sut = suspendProject(aProject(), now);
    expect(sut).toMatchObject({ status: 'suspended', updatedAt: now });
    expect(suspendProject(sut, new Date('2026-04-01T00:00:00.000Z'))).toBe(sut);
  });
});

describe(reactivateProject.name, () => {
  it('reactivates a suspended project and leaves an active one as it is', () => {
    const active = aProject();
    expect(reactivateProject(active, now)).toBe(active);
    expect(reactivateProject(suspendProject(active, now), now)).toMatchObject({ status: 'active', updatedAt: now });
  });
});

describe(setRecording.name, () => {
  it('changes the add-on flag, and nothing when it is already so', () => {
    const off = aProject();
    const on = setRecording(off, true, now);
    expect(on).toMatchObject({ recordingEnabled: true, updatedAt: now });
    expect(setRecording(on, true, now)).toBe(on);
    expect(setRecording(on, false, now).recordingEnabled).toBe(false);
  });
});

describe(redeliverNow.name, () => {
  const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
    id: 'whd_1',
    projectId: 'proj_1',
    webhookId: 'wh_1',
    agentId: null,
    eventType: 'agent.message',
    channel: 'sms',
    messageId: 'msg_1',
    callId: null,
    body: '{}',
    status: 'failed',
    attemptCount: 6,
    httpStatus: 500,
    errorMessage: 'HTTP 500',
    responseBody: null,
    lastAttemptAt: created,
    nextRetryAt: null,
    createdAt: created,
    ...overrides,
  });

  it('makes a failed delivery pending and due now, keeping its attempts', () => {
    expect(redeliverNow(aDelivery(), now)).toEqual(E.right(aDelivery({ status: 'pending', nextRetryAt: now })));
  });

  it.each(['pending', 'success'] as const)('refuses a %s delivery', (status) => {
    expect(redeliverNow(aDelivery({ status }), now)).toEqual(E.left({ _tag: 'DeliveryNotFailed', deliveryId: 'whd_1', status }));
  });
});
