import type { AddSuppressions } from './suppressions/add-suppressions.js';
import type { ListSuppressions } from './suppressions/list-suppressions.js';
import type { RemoveSuppression } from './suppressions/remove-suppression.js';
import type { ListAuditEvents } from './audit/list-audit-events.js';
import type { AdminUseCases } from './admin-use-cases.js';
import type { KnowledgeUseCases } from './knowledge-use-cases.js';
import type { AgentTestUseCases } from './agent-test-use-cases.js';
import type { AttachNumber } from './agents/attach-number.js';
import type { CreateAgent } from './agents/create-agent.js';
import type { DeleteAgent } from './agents/delete-agent.js';
import type { DetachNumber } from './agents/detach-number.js';
import type { GetAgent } from './agents/get-agent.js';
import type { ListAgents } from './agents/list-agents.js';
import type { ListVoices } from './agents/list-voices.js';
import type { UpdateAgent } from './agents/update-agent.js';
import type { ConversationSupport } from '../../domain/conversation-settings.js';
import type { CreateContact } from './contacts/create-contact.js';
import type { DeleteContact } from './contacts/delete-contact.js';
import type { ImportContacts } from './contacts/import-contacts.js';
import type { GetContact } from './contacts/get-contact.js';
import type { ListContacts } from './contacts/list-contacts.js';
import type { UpdateContact } from './contacts/update-contact.js';
import type { GetConversation } from './conversations/get-conversation.js';
import type { ListConversations } from './conversations/list-conversations.js';
import type { UpdateConversationState } from './conversations/update-conversation-state.js';
import type { ListConversationMessages } from './messages/list-conversation-messages.js';
import type { ListNumberMessages } from './messages/list-number-messages.js';
import type { ReceiveInboundSms } from './messages/receive-inbound-sms.js';
import type { SendSms } from './messages/send-sms.js';
import type { UpdateMessageStatus } from './messages/update-message-status.js';
import type { GetRegistrationStatus } from './registration/get-registration-status.js';
import type { RegisterMessaging } from './registration/register-messaging.js';
import type { GetNumber } from './numbers/get-number.js';
import type { ListNumbers } from './numbers/list-numbers.js';
import type { LookupNumber } from './numbers/lookup-number.js';
import type { PreviewNumberPurchase } from './numbers/preview-number-purchase.js';
import type { ProvisionNumber } from './numbers/provision-number.js';
import type { ReleaseNumber } from './numbers/release-number.js';
import type { GetUsage } from './billing/get-usage.js';
import type { GetDailyUsage } from './billing/get-daily-usage.js';
import type { GetMonthlyUsage } from './billing/get-monthly-usage.js';
import type { GetUsageBreakdown } from './billing/get-usage-breakdown.js';
import type { CallUseCases } from './call-use-cases.js';
import type { CampaignUseCases } from './campaign-use-cases.js';
import type { StartSignUp } from './signup/start-sign-up.js';
import type { VerifySignUp } from './signup/verify-sign-up.js';
import type { ApiKeyAuthentication } from './api-keys/authenticate-api-key.js';
import type { CreateProject } from './projects/create-project.js';
import type { GetOutboundSettings } from './projects/get-outbound-settings.js';
import type { SetOutboundSettings } from './projects/set-outbound-settings.js';
import type { CloseSubAccount } from './sub-accounts/close-sub-account.js';
import type { CreateSubAccount } from './sub-accounts/create-sub-account.js';
import type { GetSubAccount } from './sub-accounts/get-sub-account.js';
import type { IssueSubAccountKey } from './sub-accounts/issue-sub-account-key.js';
import type { ListSubAccounts } from './sub-accounts/list-sub-accounts.js';
import type { ResolveActingProject } from './sub-accounts/resolve-acting-project.js';
import type { UpdateSubAccount } from './sub-accounts/update-sub-account.js';
import type { ConfigureWebhook } from './webhooks/configure-webhook.js';
import type { DeleteWebhook } from './webhooks/delete-webhook.js';
import type { GetAllTimeDeliveryStats } from './webhooks/get-all-time-delivery-stats.js';
import type { GetDeliveryStats } from './webhooks/get-delivery-stats.js';
import type { GetWebhook } from './webhooks/get-webhook.js';
import type { ListAgentDeliveries } from './webhooks/list-agent-deliveries.js';
import type { ListDeliveries } from './webhooks/list-deliveries.js';
import type { SendTestWebhook } from './webhooks/send-test-webhook.js';

export interface ProjectUseCases {
  readonly authenticateApiKey: ApiKeyAuthentication;
  /** `X-Sub-Account-Id`: which project an authenticated request acts on. */
  readonly resolveActingProject: ResolveActingProject;
  readonly createProject: CreateProject;
  /** The project's own attempt cap and default calling window for outbound calls. */
  readonly getOutboundSettings: GetOutboundSettings;
  readonly setOutboundSettings: SetOutboundSettings;
}

/** A project's sub-accounts, as the parent manages them. */
export interface SubAccountUseCases {
  readonly createSubAccount: CreateSubAccount;
  readonly listSubAccounts: ListSubAccounts;
  readonly getSubAccount: GetSubAccount;
  readonly updateSubAccount: UpdateSubAccount;
  readonly closeSubAccount: CloseSubAccount;
  readonly issueSubAccountKey: IssueSubAccountKey;
}

export interface BillingUseCases {
  readonly getUsage: GetUsage;
  readonly getDailyUsage: GetDailyUsage;
  readonly getMonthlyUsage: GetMonthlyUsage;
  readonly getUsageBreakdown: GetUsageBreakdown;
}

export interface SignUpUseCases {
  readonly startSignUp: StartSignUp;
  readonly verifySignUp: VerifySignUp;
}

export interface AgentUseCases {
  readonly listVoices: ListVoices;
  readonly createAgent: CreateAgent;
  readonly listAgents: ListAgents;
  readonly getAgent: GetAgent;
  readonly updateAgent: UpdateAgent;
  readonly deleteAgent: DeleteAgent;
  readonly attachNumber: AttachNumber;
  readonly detachNumber: DetachNumber;
  /** What this server honours of the agents' conversation settings: agent reads name what it does not. */
  readonly conversationSupport: ConversationSupport;
}

export interface NumberUseCases {
  readonly provisionNumber: ProvisionNumber;
  readonly previewNumberPurchase: PreviewNumberPurchase;
  readonly lookupNumber: LookupNumber;
  readonly listNumbers: ListNumbers;
  readonly getNumber: GetNumber;
  readonly releaseNumber: ReleaseNumber;
}

/** The suppression list, and the audit trail of its changes, of consent changes and of refused attempts. */
export interface SuppressionUseCases {
  readonly listSuppressions: ListSuppressions;
  readonly addSuppressions: AddSuppressions;
  readonly removeSuppression: RemoveSuppression;
  readonly listAuditEvents: ListAuditEvents;
}

export interface ContactUseCases {
  readonly createContact: CreateContact;
  readonly listContacts: ListContacts;
  readonly getContact: GetContact;
  readonly updateContact: UpdateContact;
  readonly deleteContact: DeleteContact;
  /** Many contacts (with their consent) at once, all or none. */
  readonly importContacts: ImportContacts;
}

/** Threads, and the messages of one thread. */
export interface ConversationUseCases {
  readonly listConversations: ListConversations;
  readonly getConversation: GetConversation;
  readonly updateConversationState: UpdateConversationState;
  readonly listConversationMessages: ListConversationMessages;
}

export interface MessageUseCases {
  readonly sendSms: SendSms;
  readonly receiveInboundSms: ReceiveInboundSms;
  readonly updateMessageStatus: UpdateMessageStatus;
  readonly listNumberMessages: ListNumberMessages;
  /** A2P 10DLC: submit the business and campaign, and follow the carrier's review. */
  readonly registerMessaging: RegisterMessaging;
  readonly getRegistrationStatus: GetRegistrationStatus;
}

export interface WebhookUseCases {
  readonly configureWebhook: ConfigureWebhook;
  readonly getWebhook: GetWebhook;
  readonly deleteWebhook: DeleteWebhook;
  readonly listDeliveries: ListDeliveries;
  readonly listAgentDeliveries: ListAgentDeliveries;
  readonly getDeliveryStats: GetDeliveryStats;
  readonly getAllTimeDeliveryStats: GetAllTimeDeliveryStats;
  readonly sendTestWebhook: SendTestWebhook;
}

/**
 * Every use case, grouped by area (`useCases.calls.placeOutboundCall`): built once by the
 * composition root and handed to every driving adapter (REST, GraphQL, the carrier's webhooks)
 * and to embedders through `switchboard.useCases()`.
 */
export interface UseCases {
  readonly projects: ProjectUseCases;
  readonly subAccounts: SubAccountUseCases;
  readonly billing: BillingUseCases;
  readonly signUp: SignUpUseCases;
  readonly agents: AgentUseCases;
  readonly numbers: NumberUseCases;
  readonly contacts: ContactUseCases;
  readonly suppressions: SuppressionUseCases;
  readonly knowledge: KnowledgeUseCases;
  readonly agentTests: AgentTestUseCases;
  readonly conversations: ConversationUseCases;
  readonly messages: MessageUseCases;
  readonly webhooks: WebhookUseCases;
  readonly calls: CallUseCases;
  readonly campaigns: CampaignUseCases;
  readonly admin: AdminUseCases;
}

export type { AdminUseCases, AgentTestUseCases, CallUseCases, CampaignUseCases, KnowledgeUseCases };
