import type { DebitAccount } from './billing/debit-account.js';
import type { FindCall } from './calls/find-call.js';
import type { FindConversation } from './conversations/find-conversation.js';
import type { GetProject } from './projects/get-project.js';
import type { ListApiKeys } from './api-keys/list-api-keys.js';
import type { ListLedger } from './billing/list-ledger.js';
import type { ListProjectDeliveries } from './webhooks/list-project-deliveries.js';
import type { ListProjectNumbers } from './numbers/list-project-numbers.js';
import type { ListProjectWebhooks } from './webhooks/list-project-webhooks.js';
import type { ListProjects } from './projects/list-projects.js';
import type { ReactivateProject } from './projects/reactivate-project.js';
import type { RedeliverDelivery } from './webhooks/redeliver-delivery.js';
import type { SetRecording } from './projects/set-recording.js';
import type { SuspendProject } from './projects/suspend-project.js';

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
