import type { Agent, VoiceMode } from '../../domain/agent.js';
import type { ApiKey } from '../../domain/api-key.js';
import type { Contact } from '../../domain/contact.js';
import type { E164 } from '../../domain/e164.js';
import type { LedgerEntry } from '../../domain/ledger.js';
import type { Cents } from '../../domain/money.js';
import type { Webhook } from '../../domain/webhook.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import type { Project } from '../../domain/project.js';
import type { SignUp } from '../../domain/sign-up.js';
import type { CallAnalysisRepository } from './call-analysis-repository.js';
import type { CallRepository, TranscriptRepository } from './call-repositories.js';
import type { CampaignAttemptRepository, CampaignRecipientRepository, CampaignRepository } from './campaign-repositories.js';
import type { ConversationRepository, MessageRepository } from './messaging-repositories.js';
import type { KnowledgeBaseRepository, KnowledgeDocumentRepository } from './knowledge-repositories.js';
import type { AgentTestRepository, TestRunRepository } from './agent-test-repositories.js';
import type { AuditTrail } from './audit-trail.js';
import type { IdempotencyKeyRepository, OutboundTextQueue } from './outbound-text-repositories.js';
import type { Page, PageRequest } from './pagination.js';
import type { SuppressionRepository } from './suppression-repository.js';
import type { WebCallCredentialRepository } from './web-call-credentials.js';
import type { MessagingRegistrationRepository } from './messaging-registrar.js';
import type { DeliveryRepository, WebhookRepository } from './webhook-repositories.js';

export interface ProjectRepository {
  findById(id: string): Promise<Project | null>;
  /** The top-level project of this owner address (sub-accounts carry their parent's address). */
  findByEmail(email: string): Promise<Project | null>;
  /** Reads the project and holds it until the unit of work ends, so concurrent provisioning queues up. */
  lockById(id: string): Promise<Project | null>;
  /** The parent's sub-accounts that are not closed, oldest first. */
  listChildren(parentId: string, page: PageRequest): Promise<Page<Project>>;
  save(project: Project): Promise<void>;
}

export interface ApiKeyRepository {
  findByHash(hash: string): Promise<ApiKey | null>;
  findById(id: string): Promise<ApiKey | null>;
  save(key: ApiKey): Promise<void>;
  /** Revokes, as of `at`, every key of the project not revoked yet; revoked keys keep their time. */
  revokeAll(projectId: string, at: Date): Promise<void>;
}

/** An agent as the API shows it: with the live numbers attached to it, oldest first. */
export interface AgentWithNumbers {
  readonly agent: Agent;
  readonly numbers: readonly PhoneNumber[];
}

export interface AgentRepository {
  findById(projectId: string, id: string): Promise<Agent | null>;
  /** Oldest first. */
  list(projectId: string, page: PageRequest): Promise<Page<Agent>>;
  save(agent: Agent): Promise<void>;
  delete(projectId: string, id: string): Promise<void>;
}

export interface LiveNumber {
  readonly number: PhoneNumber;
  readonly agentVoiceMode: VoiceMode | null;
  /**
   * Where the number's events go: its agent's webhook, else the project's default, else null
   * (as WebhookRepository.findEndpoints answers for the number's project and agent).
   */
  readonly endpoint: Webhook | null;
}

export interface PhoneNumberRepository {
  /** Finds live and released numbers of the project. */
  findById(projectId: string, id: string): Promise<PhoneNumber | null>;
  /** The live number that owns this E.164 value, whichever project holds it. */
  findLiveByPhoneNumber(phoneNumber: E164): Promise<PhoneNumber | null>;
  /**
   * findLiveByPhoneNumber for several values in one read, each with what an inbound text needs:
   * the voice mode of the number's agent (null when it has none, or the agent is not in the
   * number's project) and the number's event endpoint. Only the live ones, in no particular order.
   */
  findLiveForInbound(phoneNumbers: readonly E164[]): Promise<readonly LiveNumber[]>;
  /** Live numbers only, oldest first. */
  listLive(projectId: string, page: PageRequest): Promise<Page<PhoneNumber>>;
  /** Live numbers attached to these agents, oldest first. */
  listByAgents(agentIds: readonly string[]): Promise<readonly PhoneNumber[]>;
  /** Every number the project ever provisioned, released ones included (the lifetime limit). */
  countEverProvisioned(projectId: string): Promise<number>;
  save(number: PhoneNumber): Promise<void>;
  /** Sets agentId to null on every number of the agent. */
  detachAgent(agentId: string): Promise<void>;
}

export interface ContactKey {
  readonly projectId: string;
  readonly phoneNumber: E164;
}

export interface ContactRepository {
  findById(projectId: string, id: string): Promise<Contact | null>;
  findByPhoneNumber(projectId: string, phoneNumber: E164): Promise<Contact | null>;
  /** findByPhoneNumber for several (project, number) pairs in one read: the contacts found, in no particular order. */
  findByPhoneNumbers(keys: readonly ContactKey[]): Promise<readonly Contact[]>;
  /** Throws {@link DuplicateKey} when the project already has the number. */
  save(contact: Contact): Promise<void>;
  /**
   * Stores a new contact unless the project has a contact with its number already: then writes
   * nothing and answers false. One statement, so it needs no transaction around it.
   */
  insertIfNumberFree(contact: Contact): Promise<boolean>;
  delete(projectId: string, id: string): Promise<void>;
}

export interface LedgerRepository {
  append(entry: LedgerEntry): Promise<void>;
  balanceOf(projectId: string): Promise<Cents>;
  /** The latest `periodEnd` of the project's charges for this resource; null if none has one. */
  paidThrough(projectId: string, resourceId: string): Promise<Date | null>;
  /** The sum of the project's charges (negative entries) since `since`, as a positive amount. */
  chargesSince(projectId: string, since: Date): Promise<Cents>;
}

export interface SignUpRepository {
  findById(id: string): Promise<SignUp | null>;
  /** Reads the sign-up and holds it until the unit of work ends: code attempts queue up. */
  lockById(id: string): Promise<SignUp | null>;
  save(signUp: SignUp): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Deletes at most `limit` pending (never verified) sign-ups whose code expired strictly
   * before `before`, oldest expiry first, and says how many it deleted. Verified sign-ups are
   * kept: they answer a repeated verification with the project it created.
   */
  deleteExpired(before: Date, limit: number): Promise<number>;
}

/** Every repository, bound to one unit of work. */
export interface Repositories {
  readonly projects: ProjectRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly agents: AgentRepository;
  readonly numbers: PhoneNumberRepository;
  readonly contacts: ContactRepository;
  readonly ledger: LedgerRepository;
  readonly signUps: SignUpRepository;
  readonly webhooks: WebhookRepository;
  readonly deliveries: DeliveryRepository;
  readonly conversations: ConversationRepository;
  readonly messages: MessageRepository;
  readonly outboundTexts: OutboundTextQueue;
  readonly idempotencyKeys: IdempotencyKeyRepository;
  readonly calls: CallRepository;
  readonly transcripts: TranscriptRepository;
  readonly webCallCredentials: WebCallCredentialRepository;
  readonly callAnalyses: CallAnalysisRepository;
  readonly campaigns: CampaignRepository;
  readonly campaignRecipients: CampaignRecipientRepository;
  readonly campaignAttempts: CampaignAttemptRepository;
  readonly suppressions: SuppressionRepository;
  readonly auditTrail: AuditTrail;
  readonly messagingRegistrations: MessagingRegistrationRepository;
  readonly knowledgeBases: KnowledgeBaseRepository;
  readonly knowledgeDocuments: KnowledgeDocumentRepository;
  readonly agentTests: AgentTestRepository;
  readonly testRuns: TestRunRepository;
}

/**
 * Thrown by a repository when a write breaks a uniqueness rule the storage enforces (a race
 * the use case's own check could not see); the use case that expects it maps it to a Conflict.
 */
export class DuplicateKey extends Error {
  constructor(readonly constraint: string) {
    super(`duplicate key: ${constraint}`);
    this.name = 'DuplicateKey';
  }
}
