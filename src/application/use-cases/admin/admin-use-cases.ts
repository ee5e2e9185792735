import type { DebitAccount } from './debit-account.js';
import type { FindCall } from './find-call.js';
import type { FindConversation } from './find-conversation.js';
import type { GetProject } from './get-project.js';
import type { ListApiKeys } from './list-api-keys.js';
import type { ListLedger } from './list-ledger.js';
import type { ListProjectDeliveries } from './list-project-deliveries.js';
import type { ListProjectNumbers } from './list-project-numbers.js';
import type { ListProjectWebhooks } from './list-project-webhooks.js';
import type { ListProjects } from './list-projects.js';
import type { ReactivateProject } from './reactivate-project.js';
import type { RedeliverDelivery } from './redeliver-delivery.js';
import type { SetRecording } from './set-recording.js';
import type { SuspendProject } from './suspend-project.js';

/**
 * The operator's use cases beyond those the customer API shares (`UseCases`: credit, number
 * limit, keys, usage, lists of agents, contacts, conversations, calls and deliveries): every
 * project at once, lookups by id alone, suspension, debits, the recording add-on, redelivery.
 */
export interface AdminUseCases {
  readonly listProjects: ListProjects;
  readonly getProject: GetProject;
  readonly listLedger: ListLedger;
  readonly debitAccount: DebitAccount;
  readonly setRecording: SetRecording;
  readonly suspendProject: SuspendProject;
  readonly reactivateProject: ReactivateProject;
  readonly listApiKeys: ListApiKeys;
  readonly listProjectNumbers: ListProjectNumbers;
  readonly listProjectWebhooks: ListProjectWebhooks;
  readonly listProjectDeliveries: ListProjectDeliveries;
  readonly redeliverDelivery: RedeliverDelivery;
  readonly findConversation: FindConversation;
  readonly findCall: FindCall;
}
