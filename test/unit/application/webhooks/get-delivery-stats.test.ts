import { describe, expect, it } from 'vitest';
import { summarise } from '../../../../src/application/use-cases/webhooks/get-delivery-stats.js';

const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 5, 1, hour, minute));

describe(summarise.name, () => {
  it('totals the counts, splits them by event type and lists every hour of the window', () => {
    const sut = summarise(
      [
        { hour: at(10), eventType: 'agent.message', status: 'success', count: 3 },
        { hour: at(10), eventType: 'agent.call_ended', status: 'failed', count: 1 },
        { hour: at(12), eventType: 'agent.message', status: 'pending', count: 2 },
      ],
      at(9, 30),
      at(12, 15),
    );

    expect(sut).toMatchObject({ total: 6, success: 3, failed: 1, pending: 2, successRate: 0.75 });
    expect(sut.byEventType).toEqual({
      'agent.message': { success: 3, failed: 0, pending: 2 },
      'agent.call_ended': { success: 0, failed: 1, pending: 0 },
    });
    expect(sut.byHour.map((h) => [h.hour.toISOString(), h.total, h.success, h.failed, h.pending])).toEqual([
      ['2026-06-01T09:00:00.000Z', 0, 0, 0, 0],
      ['2026-06-01T10:00:00.000Z', 4, 3, 1, 0],
      ['2026-06-01T11:00:00.000Z', 0, 0, 0, 0],
      ['2026-06-01T12:00:00.000Z', 2, 0, 0, 2],
    ]);
  });

  it('has a success rate of 0 when nothing has finished', () => {
    expect(summarise([], at(9), at(10)).successRate).toBe(0);
  });
});
