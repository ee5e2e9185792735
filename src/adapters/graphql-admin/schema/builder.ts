import SchemaBuilder from '@pothos/core';
import type { PageRequest } from '../../../application/ports/pagination.js';
import type { AllTimeDeliveryStats } from '../../../application/use-cases/webhooks/get-all-time-delivery-stats.js';
import type { DeliveryStats, StatusCounts } from '../../../application/use-cases/webhooks/get-delivery-stats.js';
import type { AgentWithNumbers } from '../../../application/ports/repositories.js';
import type { CreditedAccount } from '../../../application/use-cases/billing/credit-account.js';
import type { RecordingChange } from '../../../application/use-cases/projects/set-recording.js';
import type { Usage } from '../../../application/use-cases/billing/get-usage.js';
import type { UsageBreakdown } from '../../../application/use-cases/billing/get-usage-breakdown.js';
import type { UsageLine } from '../../../application/queries/usage-query.js';
import type { ReceivedSms } from '../../../application/use-cases/messages/receive-inbound-sms.js';
import type { IssuedApiKey } from '../../../application/use-cases/api-keys/new-api-key.js';
import type { ApiKey } from '../../../domain/api-key.js';
import type { Call, CallStatus, TranscriptTurn, TurnLatency, TurnSource } from '../../../domain/call.js';
import type { UnansweredReason } from '../../../application/events/unanswered-turn.js';
import type { CallAnalysis } from '../../../domain/call-analysis.js';
import type { Contact } from '../../../domain/contact.js';
import type { KnowledgeBase, KnowledgeDocument, KnowledgePassage } from '../../../domain/knowledge-base.js';
import type { AgentTest, ExpectationOutcome, TestResult, TestRun } from '../../../domain/agent-test.js';
import type { Campaign } from '../../../domain/campaign.js';
import type { RecipientCounts } from '../../../application/ports/campaign-repositories.js';
import type { Conversation } from '../../../domain/conversation.js';
import type { LedgerEntry } from '../../../domain/ledger.js';
import type { Message } from '../../../domain/message.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Project } from '../../../domain/project.js';
import type { AttemptCap, CallingWindow } from '../../../domain/outbound-settings.js';
import type { OutboundSettingsInForce } from '../../../application/use-cases/projects/outbound-settings-in-force.js';
import type { Webhook } from '../../../domain/webhook.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';
import { DateTimeCodec, parseDateTime } from './date-time.js';

/** One page of a list: every list of the console has this shape (offset paging, as REST). */
export interface Connection<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly hasMore: boolean;
}

export const connectionOf = <T>(page: { readonly items: readonly T[]; readonly total: number }, request: PageRequest): Connection<T> => ({
  items: page.items,
  total: page.total,
  hasMore: request.offset + page.items.length < page.total,
});

/** A caller's turn the agent did not answer: why, and what to change. */
export interface UnansweredTurn {
  readonly turnSequence: number;
  readonly reason: UnansweredReason;
  readonly message: string;
  readonly fix: string;
}

export interface TranscriptEvent {
  readonly kind: 'turn' | 'unanswered' | 'ended';
  readonly callId: string;
  readonly turn: TranscriptTurn | null;
  readonly unanswered: UnansweredTurn | null;
  readonly status: CallStatus | null;
}

export interface DeliveryEvent {
  readonly kind: 'created' | 'updated';
  readonly delivery: WebhookDelivery;
}

export type EventTypeCounts = StatusCounts & { readonly eventType: string };
export type HourCounts = StatusCounts & { readonly hour: Date; readonly total: number };

/** Every object of the schema by name, so that files refer to each other's types by name. */
export interface AdminObjects {
  Project: Project;
  OutboundSettings: OutboundSettingsInForce;
  AttemptCap: AttemptCap;
  CallingWindow: CallingWindow;
  ProjectPage: Connection<Project>;
  Usage: Usage;
  UsageBreakdown: UsageBreakdown;
  UsageLine: UsageLine;
  LedgerEntry: LedgerEntry;
  LedgerPage: Connection<LedgerEntry>;
  AccountChange: CreditedAccount;
  RecordingChange: RecordingChange;
  ApiKey: ApiKey;
  IssuedApiKey: IssuedApiKey;
  Agent: AgentWithNumbers;
  AgentPage: Connection<AgentWithNumbers>;
  PhoneNumber: PhoneNumber;
  PhoneNumberPage: Connection<PhoneNumber>;
  Contact: Contact;
  ContactPage: Connection<Contact>;
  Campaign: Campaign;
  CampaignPage: Connection<Campaign>;
  RecipientCounts: RecipientCounts;
  Conversation: Conversation;
  ConversationPage: Connection<Conversation>;
  Message: Message;
  MessagePage: Connection<Message>;
  InboundSms: ReceivedSms;
  Call: Call;
  CallPage: Connection<Call>;
  TranscriptTurn: TranscriptTurn;
  TurnLatency: TurnLatency;
  TurnSource: TurnSource;
  KnowledgeBase: KnowledgeBase;
  KnowledgeBasePage: Connection<KnowledgeBase>;
  KnowledgeDocument: KnowledgeDocument;
  KnowledgeDocumentPage: Connection<KnowledgeDocument>;
  KnowledgePassage: KnowledgePassage;
  AgentTest: AgentTest;
  AgentTestPage: Connection<AgentTest>;
  ExpectationResult: ExpectationOutcome;
  TestResult: TestResult;
  TestRun: TestRun;
  TestRunPage: Connection<TestRun>;
  CallAnalysis: CallAnalysis;
  TranscriptEvent: TranscriptEvent;
  UnansweredTurn: UnansweredTurn;
  Webhook: Webhook;
  Delivery: WebhookDelivery;
  DeliveryPage: Connection<WebhookDelivery>;
  DeliveryEvent: DeliveryEvent;
  DeliveryStats: DeliveryStats;
  DeliveryTotals: AllTimeDeliveryStats;
  EventTypeCounts: EventTypeCounts;
  HourCounts: HourCounts;
}

export interface AdminSchemaTypes {
  Context: object;
  Objects: AdminObjects;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
}

/** A builder of its own for every console: two Switchboards in one process share no schema state. */
export const newAdminBuilder = () => {
  const builder = new SchemaBuilder<AdminSchemaTypes>({});
  builder.scalarType('DateTime', {
    description: 'An instant, as an ISO 8601 UTC string.',
    serialize: (value) => DateTimeCodec.encode(value),
    parseValue: parseDateTime,
  });
  // Output only (conversation state, call metadata): no argument takes a JSON value.
  builder.scalarType('JSON', {
    description: 'Any JSON value.',
    serialize: (value) => value,
    parseValue: (value) => value,
  });
  return builder;
};

export type AdminBuilder = ReturnType<typeof newAdminBuilder>;

/** An enum whose GraphQL names are the stored values in capitals: `in-progress` → IN_PROGRESS. */
export const enumOf = <T extends string>(builder: AdminBuilder, name: string, values: readonly T[], description?: string) =>
  builder.enumType(name, {
    description,
    values: Object.fromEntries(values.map((value) => [value.toUpperCase().replace(/[^A-Z0-9]+/g, '_'), { value }])) as Record<
      string,
      { value: T }
    >,
  });

/** Offset paging arguments, bounded like the REST lists. */
export const MAX_PAGE = 100;

type PageName = { [K in keyof AdminObjects]: AdminObjects[K] extends Connection<unknown> ? K : never }[keyof AdminObjects];
type ItemOf<P extends PageName> = AdminObjects[P] extends Connection<infer T> ? T : never;
type ItemName<P extends PageName> = { [K in keyof AdminObjects]: AdminObjects[K] extends ItemOf<P> ? K : never }[keyof AdminObjects];

/** `{items, total, hasMore}` of one item type. */
export const connectionType = <P extends PageName>(builder: AdminBuilder, name: P, item: ItemName<P>, description: string) =>
  builder.objectType(name as PageName, {
    description,
    fields: (t) => ({
      items: t.field({ type: [item as 'Project'], resolve: (page) => page.items as never }),
      total: t.exposeInt('total', { description: 'How many there are in all (every page).' }),
      hasMore: t.exposeBoolean('hasMore', { description: 'Another page follows this one.' }),
    }),
  });
