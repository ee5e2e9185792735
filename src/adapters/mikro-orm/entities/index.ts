import { AgentSchema } from './agent.js';
import { AgentTestSchema } from './agent-test.js';
import { TestRunSchema } from './test-run.js';
import { MessagingRegistrationSchema } from './messaging-registration.js';
import { ApiKeySchema } from './api-key.js';
import { CallSchema, TranscriptTurnSchema } from './call.js';
import { CallAnalysisSchema } from './call-analysis.js';
import { CampaignAttemptSchema, CampaignRecipientSchema, CampaignSchema } from './campaign.js';
import { ContactSchema } from './contact.js';
import { KnowledgeBaseSchema, KnowledgeDocumentSchema } from './knowledge-base.js';
import { ConversationSchema } from './conversation.js';
import { LedgerEntrySchema } from './ledger-entry.js';
import { MessageSchema } from './message.js';
import { PhoneNumberSchema } from './phone-number.js';
import { ProjectSchema } from './project.js';
import { SignUpSchema } from './sign-up.js';
import { WebhookDeliveryAttemptSchema, WebhookDeliverySchema } from './webhook-delivery.js';
import { WebhookSchema } from './webhook.js';
import { WebCallCredentialsSchema } from './web-call-credentials.js';

/** Every schema the ORM must discover; a later feature appends its own. */
export const entities = [
  ProjectSchema,
  ApiKeySchema,
  AgentSchema,
  PhoneNumberSchema,
  ContactSchema,
  LedgerEntrySchema,
  SignUpSchema,
  WebhookSchema,
  WebhookDeliverySchema,
  WebhookDeliveryAttemptSchema,
  ConversationSchema,
  MessageSchema,
  CallSchema,
  TranscriptTurnSchema,
  WebCallCredentialsSchema,
  CallAnalysisSchema,
  CampaignSchema,
  CampaignRecipientSchema,
  CampaignAttemptSchema,
  KnowledgeBaseSchema,
  KnowledgeDocumentSchema,
  AgentTestSchema,
  TestRunSchema,
  MessagingRegistrationSchema,
];
