import type { SuppressionRepository } from '../../application/ports/suppression-repository.js';
import { channelsCovering, type Suppression } from '../../domain/suppression.js';
import { pageOf, type InMemoryTables } from './in-memory-tables.js';

export const suppressionKey = (projectId: string, phoneNumber: string, channel: string): string => `${projectId} ${phoneNumber} ${channel}`;

const newestFirst = (a: Suppression, b: Suppression): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || a.phoneNumber.localeCompare(b.phoneNumber) || a.channel.localeCompare(b.channel);

const ofNumber = (t: InMemoryTables, projectId: string, phoneNumber: string): Suppression[] =>
  (['voice', 'sms', 'all'] as const).flatMap((channel) => {
    const found = t.suppressions.get(suppressionKey(projectId, phoneNumber, channel));
    return found ? [found] : [];
  });

export const inMemorySuppressions = (t: InMemoryTables): SuppressionRepository => ({
  add: async (suppression) => {
    const key = suppressionKey(suppression.projectId, suppression.phoneNumber, suppression.channel);
    if (t.suppressions.has(key)) return false;
    t.suppressions.set(key, suppression);
    return true;
  },
  remove: async (projectId, phoneNumber, channel) => {
    const removed = ofNumber(t, projectId, phoneNumber).filter((s) => channel === null || s.channel === channel);
    for (const s of removed) t.suppressions.delete(suppressionKey(s.projectId, s.phoneNumber, s.channel));
    return removed;
  },
  removeBySource: async (projectId, phoneNumber, source) => {
    const removed = ofNumber(t, projectId, phoneNumber).filter((s) => s.source === source);
    for (const s of removed) t.suppressions.delete(suppressionKey(s.projectId, s.phoneNumber, s.channel));
    return removed;
  },
  findSuppressed: async (projectId, phoneNumbers, channel) =>
    [...new Set(phoneNumbers)].filter((n) => channelsCovering(channel).some((c) => t.suppressions.has(suppressionKey(projectId, n, c)))),
  list: async (projectId, page) => pageOf([...t.suppressions.values()].filter((s) => s.projectId === projectId).sort(newestFirst), page),
});
