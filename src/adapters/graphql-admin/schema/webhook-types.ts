import { connectionType, type AdminBuilder } from './builder.js';
import type { AdminEnums } from './enums.js';

/** The delivery log and its statistics. */
export const defineWebhookTypes = (builder: AdminBuilder, enums: AdminEnums) => {
  const { DeliveryStatus, EventType, DeliveryEventKind: Kind } = enums;

  builder.objectType('Delivery', {
    description: 'One event on its way to one webhook, with the outcome of its last attempt.',
    fields: (t) => ({
      id: t.exposeID('id'),
      projectId: t.exposeID('projectId'),
      webhookId: t.exposeID('webhookId'),
      agentId: t.exposeID('agentId', { nullable: true }),
      eventType: t.field({ type: EventType, resolve: (d) => d.eventType }),
      channel: t.exposeString('channel', { nullable: true }),
      messageId: t.exposeID('messageId', { nullable: true }),
      callId: t.exposeID('callId', { nullable: true }),
      status: t.field({ type: DeliveryStatus, resolve: (d) => d.status }),
      httpStatus: t.exposeInt('httpStatus', { nullable: true }),
      errorMessage: t.exposeString('errorMessage', { nullable: true }),
      responseBody: t.exposeString('responseBody', { nullable: true, description: 'The first KiB of the last answer.' }),
      attemptCount: t.exposeInt('attemptCount'),
      lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
      nextRetryAt: t.expose('nextRetryAt', { type: 'DateTime', nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      payload: t.exposeString('body', { description: 'The JSON body sent, byte for byte.' }),
    }),
  });
  connectionType(builder, 'DeliveryPage', 'Delivery', 'Deliveries, newest first.');

  builder.objectType('DeliveryEvent', {
    fields: (t) => ({
      kind: t.field({ type: Kind, resolve: (e) => e.kind }),
      delivery: t.expose('delivery', { type: 'Delivery' }),
    }),
  });

  builder.objectType('DeliveryStats', {
    description: 'Deliveries created in a window (as GET /v1/webhooks/deliveries/stats?hours=N).',
    fields: (t) => ({
      total: t.exposeInt('total'),
      success: t.exposeInt('success'),
      failed: t.exposeInt('failed'),
      pending: t.exposeInt('pending'),
      successRate: t.exposeFloat('successRate', { description: 'Of the finished ones, 0..1.' }),
      byEventType: t.field({
        type: ['EventTypeCounts'],
        resolve: (s) => Object.entries(s.byEventType).map(([eventType, counts]) => ({ eventType, ...counts })),
      }),
      byHour: t.field({ type: ['HourCounts'], resolve: (s) => [...s.byHour] }),
    }),
  });

  builder.objectType('DeliveryTotals', {
    description: 'Every delivery ever (as GET /v1/webhooks/deliveries/stats without hours).',
    fields: (t) => ({
      total: t.exposeInt('total'),
      success: t.exposeInt('success'),
      failed: t.exposeInt('failed'),
      pending: t.exposeInt('pending'),
      successRate: t.exposeFloat('successRate'),
    }),
  });

  builder.objectType('EventTypeCounts', {
    fields: (t) => ({
      eventType: t.exposeString('eventType'),
      success: t.exposeInt('success'),
      failed: t.exposeInt('failed'),
      pending: t.exposeInt('pending'),
    }),
  });

  builder.objectType('HourCounts', {
    fields: (t) => ({
      hour: t.expose('hour', { type: 'DateTime' }),
      total: t.exposeInt('total'),
      success: t.exposeInt('success'),
      failed: t.exposeInt('failed'),
      pending: t.exposeInt('pending'),
    }),
  });
};
