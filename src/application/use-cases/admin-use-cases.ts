import type { CreditAccount } from './billing/credit-account.js';
import type { IssueKey } from './api-keys/issue-key.js';
import type { RaiseNumberLimit } from './projects/raise-number-limit.js';
import type { SetCallLimit } from './projects/set-call-limit.js';
import type { RevokeKey } from './api-keys/revoke-key.js';
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
 * The operator's use cases (the admin console and the CLI): every project at once, lookups by
 * id alone, credit and debits, the number limit, keys, suspension, the recording add-on,
 * redelivery. The per-project lists they share with the customer API are in the other areas.
 */
export interface AdminUseCases {
  readonly creditAccount: CreditAccount;
  readonly raiseNumberLimit: RaiseNumberLimit;
  readonly setCallLimit: SetCallLimit;
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
