import type { Clock } from '../application/ports/clock.js';
import type { IdGenerator } from '../application/ports/id-generator.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.js';
import type { DeliveryTrigger } from '../application/ports/webhook-repositories.js';
import type { AdminUseCases } from '../application/use-cases/admin-use-cases.js';
import { DebitAccount } from '../application/use-cases/billing/debit-account.js';
import { FindCall } from '../application/use-cases/calls/find-call.js';
import { FindConversation } from '../application/use-cases/conversations/find-conversation.js';
import { GetProject } from '../application/use-cases/projects/get-project.js';
import { ListApiKeys } from '../application/use-cases/api-keys/list-api-keys.js';
import { ListLedger } from '../application/use-cases/billing/list-ledger.js';
import { ListProjectDeliveries } from '../application/use-cases/webhooks/list-project-deliveries.js';
import { ListProjectNumbers } from '../application/use-cases/numbers/list-project-numbers.js';
import { ListProjectWebhooks } from '../application/use-cases/webhooks/list-project-webhooks.js';
import { ListProjects } from '../application/use-cases/projects/list-projects.js';
import { ReactivateProject } from '../application/use-cases/projects/reactivate-project.js';
import { RedeliverDelivery } from '../application/use-cases/webhooks/redeliver-delivery.js';
import { SetRecording } from '../application/use-cases/projects/set-recording.js';
import { SuspendProject } from '../application/use-cases/projects/suspend-project.js';
import type { Cents } from '../domain/money.js';

export interface AdminPorts {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Wakes the webhook dispatcher after a redelivery was queued. */
  readonly deliveryTrigger: DeliveryTrigger;
  readonly recordingMonthlyPrice: Cents;
}

export const buildAdminUseCases = (ports: AdminPorts): AdminUseCases => {
  const { uow, clock, ids } = ports;
  return {
    listProjects: new ListProjects({ uow }),
    getProject: new GetProject({ uow }),
    listLedger: new ListLedger({ uow }),
    debitAccount: new DebitAccount({ uow, clock, ids }),
    setRecording: new SetRecording({ uow, clock, ids, recordingMonthlyPrice: ports.recordingMonthlyPrice }),
    suspendProject: new SuspendProject({ uow, clock }),
    reactivateProject: new ReactivateProject({ uow, clock }),
    listApiKeys: new ListApiKeys({ uow }),
    listProjectNumbers: new ListProjectNumbers({ uow }),
    listProjectWebhooks: new ListProjectWebhooks({ uow }),
    listProjectDeliveries: new ListProjectDeliveries({ uow }),
    redeliverDelivery: new RedeliverDelivery({ uow, clock, deliveryTrigger: ports.deliveryTrigger }),
    findConversation: new FindConversation({ uow }),
    findCall: new FindCall({ uow }),
  };
};
