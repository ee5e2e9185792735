import type {
  CampaignAttemptRepository,
  CampaignRecipientRepository,
  CampaignRepository,
  RecipientCounts,
} from '../../application/ports/campaign-repositories.js';
import { DuplicateKey } from '../../application/ports/repositories.js';
import { RECIPIENT_STATUSES, type CampaignRecipient } from '../../domain/campaign-recipient.js';
import { byCreation, newestFirst, pageOf, type InMemoryTables } from './in-memory-tables.js';

/** A stored call that is no longer in progress (a call not stored yet has not ended). */
const hasEnded = (t: InMemoryTables, callId: string): boolean => {
  const call = t.calls.get(callId);
  return call !== undefined && call.status !== 'in-progress';
};

const waiting = (r: CampaignRecipient): boolean => r.status === 'pending' || r.status === 'retry_scheduled';

const byDue = (a: CampaignRecipient, b: CampaignRecipient): number =>
  (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const inMemoryCampaigns = (t: InMemoryTables): CampaignRepository => ({
  findById: async (projectId, id) => {
    const row = t.campaigns.get(id);
    return row && row.projectId === projectId ? row : null;
  },
  list: async (projectId, page) => pageOf([...t.campaigns.values()].filter((c) => c.projectId === projectId).sort(newestFirst), page),
  save: async (campaign) => void t.campaigns.set(campaign.id, campaign),
  listActive: async (now) =>
    [...t.campaigns.values()]
      .filter((c) => c.status === 'running' || (c.status === 'scheduled' && (c.schedule.startAt?.getTime() ?? 0) <= now.getTime()))
      .sort(byCreation),
  // One process, and its units of work run one at a time: holding the row is implicit.
  lockForDialling: async (id) => {
    const campaign = t.campaigns.get(id);
    return campaign && campaign.status === 'running' ? { campaign, nextDialAt: t.campaignNextDial.get(id) ?? null } : null;
  },
  setNextDialAt: async (id, at) => void t.campaignNextDial.set(id, at),
});

const leaseOf = (t: InMemoryTables, id: string): number => t.recipientLeases.get(id)?.getTime() ?? 0;

export const inMemoryCampaignRecipients = (t: InMemoryTables): CampaignRecipientRepository => ({
  insert: async (recipients) => {
    const taken = new Set([...t.campaignRecipients.values()].map((r) => `${r.campaignId}:${r.phoneNumber}`));
    for (const r of recipients) {
      const key = `${r.campaignId}:${r.phoneNumber}`;
      if (taken.has(key) || t.campaignRecipients.has(r.id)) throw new DuplicateKey('campaign_recipients_campaign_number_unique');
      taken.add(key);
    }
    for (const r of recipients) t.campaignRecipients.set(r.id, r);
  },
  existingNumbers: async (campaignId, phoneNumbers) => {
    const wanted = new Set<string>(phoneNumbers);
    return [...t.campaignRecipients.values()].filter((r) => r.campaignId === campaignId && wanted.has(r.phoneNumber)).map((r) => r.phoneNumber);
  },
  findById: async (campaignId, id) => {
    const row = t.campaignRecipients.get(id);
    return row && row.campaignId === campaignId ? row : null;
  },
  list: async (campaignId, query) =>
    pageOf(
      [...t.campaignRecipients.values()]
        .filter(
          (r) =>
            r.campaignId === campaignId &&
            (query.status === null || r.status === query.status) &&
            (query.outcome === null || r.lastOutcome === query.outcome),
        )
        .sort(byCreation),
      query,
    ),
  countByStatus: async (campaignId) => {
    const counts = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<string, number>;
    for (const r of t.campaignRecipients.values()) if (r.campaignId === campaignId) counts[r.status]! += 1;
    return counts as RecipientCounts;
  },
  countInFlight: async (campaignId, now) =>
    [...t.campaignRecipients.values()].filter((r) => r.campaignId === campaignId && r.status === 'in_progress' && leaseOf(t, r.id) > now.getTime()).length,
  claimDue: async (campaignId, now, limit) =>
    [...t.campaignRecipients.values()]
      .filter(
        (r) =>
          r.campaignId === campaignId &&
          leaseOf(t, r.id) <= now.getTime() &&
          ((waiting(r) && (r.nextAttemptAt?.getTime() ?? 0) <= now.getTime()) || r.status === 'in_progress'),
      )
      .sort(byDue)
      .slice(0, limit),
  claimEnded: async (limit) =>
    [...t.campaignRecipients.values()]
      .filter((r) => r.status === 'in_progress' && r.lastCallId !== null && hasEnded(t, r.lastCallId))
      .sort(byCreation)
      .slice(0, limit),
  save: async (recipients, leaseUntil) => {
    for (const r of recipients) {
      t.campaignRecipients.set(r.id, r);
      if (leaseUntil) t.recipientLeases.set(r.id, leaseUntil);
      else t.recipientLeases.delete(r.id);
    }
  },
  renewLeases: async (ids, until) => {
    for (const id of ids) if (t.campaignRecipients.get(id)?.status === 'in_progress') t.recipientLeases.set(id, until);
  },
  skipNumber: async (projectId, phoneNumber, reason, now) => {
    let skipped = 0;
    for (const r of t.campaignRecipients.values()) {
      if (r.projectId !== projectId || r.phoneNumber !== phoneNumber || !waiting(r)) continue;
      t.campaignRecipients.set(r.id, { ...r, status: 'skipped', skipReason: reason, nextAttemptAt: null, updatedAt: now });
      skipped += 1;
    }
    return skipped;
  },
  skipRemaining: async (campaignId, reason, now) => {
    let skipped = 0;
    for (const r of t.campaignRecipients.values()) {
      if (r.campaignId !== campaignId || !waiting(r)) continue;
      t.campaignRecipients.set(r.id, { ...r, status: 'skipped', skipReason: reason, nextAttemptAt: null, updatedAt: now });
      skipped += 1;
    }
    return skipped;
  },
});

export const inMemoryCampaignAttempts = (t: InMemoryTables): CampaignAttemptRepository => ({
  insert: async (attempts) => {
    const keys = attempts.map((a) => `${a.recipientId}:${a.attempt}`);
    // All or none, as the one statement is.
    if (keys.some((key) => t.campaignAttempts.has(key)) || new Set(keys).size < keys.length) throw new DuplicateKey('campaign_attempts_pkey');
    attempts.forEach((attempt, i) => t.campaignAttempts.set(keys[i]!, attempt));
  },
  settle: async (settled) => {
    const byCall = new Map(settled.map((s) => [s.callId, s]));
    for (const [key, a] of t.campaignAttempts) {
      const ended = a.callId === null ? undefined : byCall.get(a.callId);
      if (ended) t.campaignAttempts.set(key, { ...a, outcome: ended.outcome, endedAt: ended.endedAt });
    }
  },
  listByRecipients: async (recipientIds) => {
    const order = new Map(recipientIds.map((id, i) => [id, i]));
    return [...t.campaignAttempts.values()]
      .filter((a) => order.has(a.recipientId))
      .sort((a, b) => order.get(a.recipientId)! - order.get(b.recipientId)! || a.attempt - b.attempt);
  },
});
