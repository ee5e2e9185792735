import type { CreditAccount } from './credit-account.js';
import type { DebitAccount } from './debit-account.js';
import type { FindCall } from './find-call.js';
import type { FindConversation } from './find-conversation.js';
import type { GetProject } from './get-project.js';
import type { IssueKey } from './issue-key.js';
import type { ListApiKeys } from './list-api-keys.js';
import type { ListLedger } from './list-ledger.js';
import type { ListProjectDeliveries } from './list-project-deliveries.js';
import type { ListProjectNumbers } from './list-project-numbers.js';
import type { ListProjectWebhooks } from './list-project-webhooks.js';
import type { ListProjects } from './list-projects.js';
import type { ReactivateProject } from './reactivate-project.js';
import type { RaiseNumberLimit } from './raise-number-limit.js';
import type { RedeliverDelivery } from './redeliver-delivery.js';
import type { RevokeKey } from './revoke-key.js';
import type { SetRecording } from './set-recording.js';
import type { SuspendProject } from './suspend-project.js';

/**
 * The operator's use cases (the admin console and the CLI): every project at once, lookups by
 * id alone, credit and debits, the number limit, keys, suspension, the recording add-on,
 * redelivery. The per-project lists they share with the customer API are in the other areas.
 */
export interface AdminUseCases {
  readonly creditAccount: CreditAccount;
  readonly raiseNumberLimit: RaiseNumberLimit;
  readonly issueKey: IssueKey;
  readonly revokeKey: RevokeKey;
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
