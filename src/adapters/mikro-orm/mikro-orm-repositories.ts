import type { EntityManager } from '@mikro-orm/postgresql';
import type { Repositories } from '../../application/ports/repositories.js';
import { MikroOrmAgentRepository } from './mikro-orm-agent-repository.js';
import { MikroOrmApiKeyRepository } from './mikro-orm-api-key-repository.js';
import { MikroOrmCallAnalysisRepository } from './mikro-orm-call-analysis-repository.js';
import { MikroOrmCallRepository, MikroOrmTranscriptRepository } from './mikro-orm-call-repositories.js';
import { MikroOrmContactRepository } from './mikro-orm-contact-repository.js';
import { MikroOrmCampaignAttemptRepository } from './mikro-orm-campaign-attempt-repository.js';
import { MikroOrmCampaignRecipientRepository } from './mikro-orm-campaign-recipient-repository.js';
import { MikroOrmCampaignRepository } from './mikro-orm-campaign-repository.js';
import { MikroOrmConversationRepository } from './mikro-orm-conversation-repository.js';
import { MikroOrmLedgerRepository } from './mikro-orm-ledger-repository.js';
import { MikroOrmMessageRepository } from './mikro-orm-message-repository.js';
import { MikroOrmIdempotencyKeyRepository, MikroOrmOutboundTextQueue } from './mikro-orm-outbound-text-repositories.js';
import { MikroOrmPhoneNumberRepository } from './mikro-orm-phone-number-repository.js';
import { MikroOrmProjectRepository } from './mikro-orm-project-repository.js';
import { MikroOrmSignUpRepository } from './mikro-orm-sign-up-repository.js';
import { MikroOrmDeliveryRepository } from './mikro-orm-delivery-repository.js';
import { MikroOrmWebhookRepository } from './mikro-orm-webhook-repository.js';
import { MikroOrmMessagingRegistrationRepository } from './mikro-orm-messaging-registration-repository.js';
import { MikroOrmSuppressionRepository } from './mikro-orm-suppression-repository.js';
import { MikroOrmAuditTrail } from './mikro-orm-audit-trail.js';
import { MikroOrmKnowledgeBaseRepository, MikroOrmKnowledgeDocumentRepository } from './mikro-orm-knowledge-repositories.js';
import { MikroOrmAgentTestRepository, MikroOrmTestRunRepository } from './mikro-orm-agent-test-repositories.js';
import { MikroOrmWebCallCredentialRepository } from './mikro-orm-web-call-credential-repository.js';
import type { SessionModel } from './session-model.js';

/** Every repository bound to one EntityManager (in practice: one transaction's fork). */
export const mikroOrmRepositories = (em: EntityManager, sessions: SessionModel): Repositories => ({
  projects: new MikroOrmProjectRepository(em),
  apiKeys: new MikroOrmApiKeyRepository(em),
  agents: new MikroOrmAgentRepository(em),
  numbers: new MikroOrmPhoneNumberRepository(em),
  contacts: new MikroOrmContactRepository(em),
  ledger: new MikroOrmLedgerRepository(em),
  signUps: new MikroOrmSignUpRepository(em),
  webhooks: new MikroOrmWebhookRepository(em),
  deliveries: new MikroOrmDeliveryRepository(em),
  conversations: new MikroOrmConversationRepository(em),
  messages: new MikroOrmMessageRepository(em, sessions),
  outboundTexts: new MikroOrmOutboundTextQueue(em),
  idempotencyKeys: new MikroOrmIdempotencyKeyRepository(em),
  calls: new MikroOrmCallRepository(em),
  transcripts: new MikroOrmTranscriptRepository(em),
  webCallCredentials: new MikroOrmWebCallCredentialRepository(em),
  callAnalyses: new MikroOrmCallAnalysisRepository(em),
  campaigns: new MikroOrmCampaignRepository(em),
  campaignRecipients: new MikroOrmCampaignRecipientRepository(em),
  campaignAttempts: new MikroOrmCampaignAttemptRepository(em),
  suppressions: new MikroOrmSuppressionRepository(em),
  auditTrail: new MikroOrmAuditTrail(em),
  messagingRegistrations: new MikroOrmMessagingRegistrationRepository(em),
  knowledgeBases: new MikroOrmKnowledgeBaseRepository(em),
  knowledgeDocuments: new MikroOrmKnowledgeDocumentRepository(em),
  agentTests: new MikroOrmAgentTestRepository(em),
  testRuns: new MikroOrmTestRunRepository(em),
});
