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
import type { Suppression } from '../../domain/suppression.js';
import type { AuditEvent } from '../../domain/audit-event.js';
import type { AgentTest, TestRun } from '../../domain/agent-test.js';
import type { KnowledgeBase, KnowledgeChunk, KnowledgeDocument } from '../../domain/knowledge-base.js';

/** A passage's vector of a model, or only an embedder's claim on it. */
export interface PassageEmbedding {
  readonly model: string | null;
  readonly vector: Float32Array | null;
  readonly claimedAt: Date | null;
}
import type { IdempotencyKey, PendingText } from '../../application/ports/outbound-text-repositories.js';
import type { DeliveryAttempt } from '../../application/ports/webhook-repositories.js';
import type { WebCallCredentials } from '../../application/ports/web-call-credentials.js';
import type { MessagingRegistration } from '../../domain/messaging-registration.js';
import type { Webhook } from '../../domain/webhook.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';

/** Undoes one write. */
type Undo = () => void;

/**
 * The keys of a table's rows grouped by a value each row may have (null: not in any group), kept
 * as the table changes, rollbacks included: a lookup by that value without a scan of the table.
 */
export class GroupIndex<K, V, G> {
  private readonly groups = new Map<G, Set<K>>();

  constructor(private readonly groupOf: (row: V) => G | null) {}

  /** The keys of the rows in the group, in the order they joined it. */
  keysIn(group: G): ReadonlySet<K> {
    return this.groups.get(group) ?? NO_KEYS;
  }

  /** @internal The row under `key` is about to go from `before` to `after` (undefined: no row). */
  moved(key: K, before: V | undefined, after: V | undefined): void {
    const from = before === undefined ? null : this.groupOf(before);
    const to = after === undefined ? null : this.groupOf(after);
    if (from === to) return;
    if (from !== null) {
      const keys = this.groups.get(from);
      keys?.delete(key);
      if (keys?.size === 0) this.groups.delete(from);
    }
    if (to !== null) {
      let keys = this.groups.get(to);
      if (!keys) this.groups.set(to, (keys = new Set()));
      keys.add(key);
    }
  }
}

const NO_KEYS: ReadonlySet<never> = new Set();

/**
 * A Map that, while a journal is open, records how to undo each write before making it: a
 * rollback then costs what the unit of work wrote, not a copy of every table (which grew with
 * the store and, held on one event loop, stalled every call beside it). Its indexes follow every
 * write and every undo.
 */
class JournaledMap<K, V> extends Map<K, V> {
  constructor(
    private readonly journal: { current: Undo[] | null },
    private readonly indexes: readonly GroupIndex<K, V, unknown>[] = [],
  ) {
    super();
  }

  override set(key: K, value: V): this {
    this.remember(key);
    this.put(key, value);
    return this;
  }

  override delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.remember(key);
    this.remove(key);
    return true;
  }

  override clear(): void {
    for (const key of [...this.keys()]) this.delete(key);
  }

  /** A write with its indexes and without the journal: a write's own undo is one. */
  private put(key: K, value: V): void {
    for (const index of this.indexes) index.moved(key, this.get(key), value);
    super.set(key, value);
  }

  private remove(key: K): void {
    for (const index of this.indexes) index.moved(key, this.get(key), undefined);
    super.delete(key);
  }

  private remember(key: K): void {
    const undo = this.journal.current;
    if (!undo) return;
    if (this.has(key)) {
      const previous = this.get(key) as V;
      undo.push(() => this.put(key, previous));
    } else {
      undo.push(() => this.remove(key));
    }
  }
}

/** One unit of work's changes: kept by commit, undone by rollback. */
export interface TablesTransaction {
  commit(): void;
  rollback(): void;
}

/**
 * The in-memory store: one map per aggregate, holding immutable domain values. Units of work
 * run one at a time; each opens the journal its writes are recorded in ({@link begin}).
 */
export class InMemoryTables {
  /** Shared by every map: the open unit of work's undo list, null between units of work. */
  private readonly journal: { current: Undo[] | null } = { current: null };
  private readonly table = <K, V>(...indexes: GroupIndex<K, V, unknown>[]) => new JournaledMap<K, V>(this.journal, indexes);

  projects = this.table<string, Project>();
  apiKeys = this.table<string, ApiKey>();
  agents = this.table<string, Agent>();
  numbers = this.table<string, PhoneNumber>();
  contacts = this.table<string, Contact>();
  ledger = this.table<string, LedgerEntry>();
  signUps = this.table<string, SignUp>();
  webhooks = this.table<string, Webhook>();
  deliveries = this.table<string, WebhookDelivery>();
  /** Keyed `{deliveryId}:{attempt}`. */
  deliveryAttempts = this.table<string, DeliveryAttempt>();
  /** Claimed deliveries and when their lease runs out. */
  deliveryLeases = this.table<string, Date>();
  conversations = this.table<string, Conversation>();
  messages = this.table<string, Message>();
  /** The outbox of outbound texts, by message id. */
  outboundTexts = this.table<string, PendingText>();
  /** Held texts and when their hold runs out. */
  outboundTextLeases = this.table<string, Date>();
  /** Keyed `{projectId}:{key}`. */
  idempotencyKeys = this.table<string, IdempotencyKey>();
  /** Calls by their carrier's id (see CallRepository.findByProviderCallId). */
  readonly callsByCarrierId = new GroupIndex<string, Call, string>((call) => call.providerCallId);
  /** In-progress calls by project (see CallRepository.countLive). */
  readonly liveCallsByProject = new GroupIndex<string, Call, string>((call) => (call.status === 'in-progress' ? call.projectId : null));
  calls = this.table<string, Call>(this.callsByCarrierId, this.liveCallsByProject);
  /** When each call's media stream connected (see CallRepository.claimMedia). */
  mediaClaims = this.table<string, Date>();
  /** The last warm-transfer return claimed, per call. */
  mediaResumes = this.table<string, number>();
  /** The last hand-over whose first session let go, per call (see CallRepository.releaseMedia). */
  mediaReleases = this.table<string, number>();
  /** Each call's turns in sequence order, keyed by call id (a snapshot copies one entry per call). */
  transcripts = this.table<string, readonly TranscriptTurn[]>();
  /** Keyed by carrier account. */
  webCallCredentials = this.table<string, WebCallCredentials>();
  /** Keyed by project id. */
  messagingRegistrations = this.table<string, MessagingRegistration>();
  /** Keyed by call id. */
  callAnalyses = this.table<string, CallAnalysis>();
  campaigns = this.table<string, Campaign>();
  /** When each campaign's pace allows its next call. */
  campaignNextDial = this.table<string, Date>();
  campaignRecipients = this.table<string, CampaignRecipient>();
  /** Held recipients and when their lease runs out. */
  recipientLeases = this.table<string, Date>();
  /** Keyed `{recipientId}:{attempt}`. */
  campaignAttempts = this.table<string, CampaignAttempt>();
  /** The suppression list, keyed `{projectId} {phoneNumber} {channel}`. */
  suppressions = this.table<string, Suppression>();
  /** The compliance audit trail, by event id. */
  auditEvents = this.table<string, AuditEvent>();
  knowledgeBases = this.table<string, KnowledgeBase>();
  knowledgeDocuments = this.table<string, KnowledgeDocument>();
  /** Each document's passages in order, keyed by document id. */
  knowledgeChunks = this.table<string, readonly KnowledgeChunk[]>();
  /** Each passage's vector and its embedder's claim, keyed `{documentId} {position}`; none until claimed. */
  knowledgeVectors = this.table<string, PassageEmbedding>();
  agentTests = this.table<string, AgentTest>();
  testRuns = this.table<string, TestRun>();

  /** Opens a unit of work's journal; one at a time. */
  begin(): TablesTransaction {
    const undo: Undo[] = [];
    this.journal.current = undo;
    const close = () => {
      if (this.journal.current === undo) this.journal.current = null;
    };
    return {
      commit: close,
      rollback: () => {
        close();
        for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
      },
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
