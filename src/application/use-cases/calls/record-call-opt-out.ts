import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { counterpartNumber, type Call } from '../../../domain/call.js';
import { callerActor } from '../../../domain/audit-event.js';
import { looksLikeE164, trustE164 } from '../../../domain/e164.js';
import type { Suppression } from '../../../domain/suppression.js';
import { recordSuppressionChanges } from '../../compliance/audit-records.js';
import { notFound, type NotFound } from '../../errors.js';
import { contactOptedOutEvent } from '../../events/contact-opted-out-event.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { CallOptOut } from '../../ports/opt-out-recorder.js';
import type { DeliveryTrigger } from '../../ports/webhook-repositories.js';
import { endpointFor, queueWebhookEvent } from '../../webhooks/outbox.js';
import type { CoreDeps } from '../common/deps.js';

export interface RecordCallOptOutDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
}

export interface RecordedOptOut {
  readonly call: Call;
  /** False when the call had opted out already: nothing changed. */
  readonly recorded: boolean;
}

/**
 * The person on a call asked not to be called again. In one unit of work: the call is marked
 * `optOut`, their number goes on the project's suppression list for calls (a number listed
 * already keeps its entry), their waiting campaign recipients are skipped, and
 * `agent.contact_opted_out` is queued for the call's webhook. Only a call's first opt-out does
 * any of this. A web call has no number to list: it is marked and told, nothing more. An entry
 * added goes on the audit trail, the caller (on this call, in their words) as who and why.
 */
export class RecordCallOptOut {
  constructor(private readonly deps: RecordCallOptOutDeps) {}

  execute(input: CallOptOut): TE.TaskEither<NotFound, RecordedOptOut> {
    return async () => {
      const done = await this.deps.uow.transaction(async (tx): Promise<E.Either<NotFound, RecordedOptOut & { queued: boolean }>> => {
        const call = await tx.calls.findByIdInAnyProject(input.callId);
        if (!call) return E.left(notFound('call', input.callId));
        if (!(await tx.calls.markOptedOut(call.id))) return E.right({ call, recorded: false, queued: false });
        const now = this.deps.clock.now();
        const counterpart = counterpartNumber(call);
        const phoneNumber = counterpart !== null && looksLikeE164(counterpart) ? trustE164(counterpart) : null;
        if (phoneNumber) {
          const entry: Suppression = { projectId: call.projectId, phoneNumber, channel: 'voice', reason: input.reason, source: input.source, createdAt: now };
          if (await tx.suppressions.add(entry)) {
            await recordSuppressionChanges(tx, this.deps.ids, { kind: 'suppression.added', actor: callerActor({ callId: call.id }, input.reason), at: now }, [entry]);
          }
          await tx.campaignRecipients.skipNumber(call.projectId, phoneNumber, 'do_not_call', now);
        }
        const optedOut: Call = { ...call, optOut: true };
        const webhook = await endpointFor(tx, call.projectId, call.agentId);
        if (webhook) await queueWebhookEvent(tx, this.deps, webhook, contactOptedOutEvent(optedOut, { phoneNumber, source: input.source, reason: input.reason }, now));
        return E.right({ call: optedOut, recorded: true, queued: webhook !== null });
      });
      if (E.isLeft(done)) return done;
      if (done.right.queued) this.deps.deliveryTrigger?.poke();
      return E.right({ call: done.right.call, recorded: done.right.recorded });
    };
  }
}
