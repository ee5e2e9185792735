import type { Agent } from '../../domain/agent.js';
import type { Call, TranscriptTurn } from '../../domain/call.js';
import type { CallAnalysis } from '../../domain/call-analysis.js';
import type { Campaign } from '../../domain/campaign.js';
import type { CampaignAttempt, CampaignRecipient } from '../../domain/campaign-recipient.js';
import type { ApiKey } from '../../domain/api-key.js';
import type { Contact } from '../../domain/contact.js';
import type { Conversation } from '../../domain/conversation.js';
import type { LedgerEntry } from '../../domain/ledger.js';
import type { Message } from '../../domain/message.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import type { Project } from '../../domain/project.js';
import type { SignUp } from '../../domain/sign-up.js';
import type { DeliveryAttempt } from '../../application/ports/webhook-repositories.js';
import type { WebCallCredentials } from '../../application/ports/web-call-credentials.js';
import type { Webhook } from '../../domain/webhook.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';

/**
 * The in-memory store: one map per aggregate. Rows are immutable domain values, so a
 * shallow copy of every map is a complete snapshot (what a rollback restores).
 */
export class InMemoryTables {
  projects = new Map<string, Project>();
  apiKeys = new Map<string, ApiKey>();
  agents = new Map<string, Agent>();
  numbers = new Map<string, PhoneNumber>();
  contacts = new Map<string, Contact>();
  ledger = new Map<string, LedgerEntry>();
  signUps = new Map<string, SignUp>();
  webhooks = new Map<string, Webhook>();
  deliveries = new Map<string, WebhookDelivery>();
  /** Keyed `{deliveryId}:{attempt}`. */
  deliveryAttempts = new Map<string, DeliveryAttempt>();
  /** Claimed deliveries and when their lease runs out. */
  deliveryLeases = new Map<string, Date>();
  conversations = new Map<string, Conversation>();
  messages = new Map<string, Message>();
  calls = new Map<string, Call>();
  /** When each call's media stream connected (see CallRepository.claimMedia). */
  mediaClaims = new Map<string, Date>();
  /** The last warm-transfer return claimed, per call. */
  mediaResumes = new Map<string, number>();
  /** Each call's turns in sequence order, keyed by call id (a snapshot copies one entry per call). */
  transcripts = new Map<string, readonly TranscriptTurn[]>();
  /** Keyed by carrier account. */
  webCallCredentials = new Map<string, WebCallCredentials>();
  /** Keyed by call id. */
  callAnalyses = new Map<string, CallAnalysis>();
  campaigns = new Map<string, Campaign>();
  /** When each campaign's pace allows its next call. */
  campaignNextDial = new Map<string, Date>();
  campaignRecipients = new Map<string, CampaignRecipient>();
  /** Held recipients and when their lease runs out. */
  recipientLeases = new Map<string, Date>();
  /** Keyed `{recipientId}:{attempt}`. */
  campaignAttempts = new Map<string, CampaignAttempt>();

  snapshot(): () => void {
    const saved = Object.entries(this).map(([name, map]) => [name, new Map(map as Map<string, unknown>)] as const);
    return () => {
      for (const [name, map] of saved) (this as Record<string, unknown>)[name] = map;
    };
  }
}

/** Offset paging over an already ordered array. */
export const pageOf = <T>(rows: readonly T[], page: { limit: number; offset: number }) => ({
  items: rows.slice(page.offset, page.offset + page.limit),
  total: rows.length,
});

/** Oldest first, ties broken by id (ids are time-sortable). */
export const byCreation = <T extends { createdAt: Date; id: string }>(a: T, b: T): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const newestFirst = <T extends { createdAt: Date; id: string }>(a: T, b: T): number => byCreation(b, a);
