import * as E from 'fp-ts/lib/Either.js';
import type { Message } from '../../domain/message.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { PendingText } from '../ports/outbound-text-repositories.js';
import type { Telephony } from '../ports/telephony.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { outboundSmsOf, settleText, type SendOutcome, type SettleDeps } from './outbound-text.js';
import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';
import { SYSTEM_ACTOR, type AttemptOrigin } from '../../domain/audit-event.js';
import { recordRefusal } from '../compliance/audit-records.js';
import { suppressionRefusal } from '../compliance/suppression-check.js';

const RETRY_ORIGIN: AttemptOrigin = { actor: SYSTEM_ACTOR, path: 'queued text retry', campaignId: null };

export interface OutboundTextSenderDeps extends SettleDeps {
  readonly uow: UnitOfWork;
  readonly telephony: Telephony;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Where the carrier reports delivery progress (`{PUBLIC_URL}/twilio/sms/status`). */
  readonly smsStatusUrl: string;
  /** How long a claim holds a text: longer than a carrier request may take (SMS_SEND_LEASE). */
  readonly leaseMs: number;
  /** Texts taken by one claim. */
  readonly batchSize?: number;
  /** How long idempotency keys are kept (at least a day). */
  readonly keyRetentionMs?: number;
}

/** Outbox reads while nothing pokes it: a restart's texts wait at most about this long after their hold. */
export const OUTBOUND_TEXT_POLL_MS = 1000;
/** Idempotency keys are kept a day: what clients are told they may retry within. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
const KEY_SWEEP_MS = 10 * 60 * 1000;
const KEY_SWEEP_BATCH = 1000;

interface Claimed {
  readonly text: PendingText;
  readonly message: Message | null;
}

/**
 * Finishes the sends no live request finishes: texts whose process died (or whose hold ran out)
 * between storing them and storing the carrier's answer. A claim takes them with SKIP LOCKED and a
 * lease, so each is taken by one worker at a time, on however many nodes. A text tried before is
 * first looked up at the carrier (by its status callback URL, which names the message, where the
 * carrier can; see Telephony.findSentSms): found there, its carrier id is recorded and it is not
 * sent again. Also forgets idempotency keys past their retention.
 */
export class OutboundTextSender {
  private readonly log: Logger;
  private readonly sends = new PeriodicTask(
    () => this.runUntilEmpty(),
    (error) => this.log.error({ err: { message: errorMessage(error) } }, 'sending queued texts failed'),
  );
  private readonly sweep = new PeriodicTask(
    () => this.forgetExpiredKeys(),
    (error) => this.log.error({ err: { message: errorMessage(error) } }, 'forgetting expired idempotency keys failed'),
  );

  constructor(private readonly deps: OutboundTextSenderDeps) {
    this.log = deps.logger.child({ component: 'outbound-texts' });
  }

  start(pollMs: number = OUTBOUND_TEXT_POLL_MS): void {
    this.sends.start(pollMs, { runNow: true });
    this.sweep.start(KEY_SWEEP_MS, { runNow: true });
  }

  async stop(): Promise<void> {
    await Promise.all([this.sends.stop(), this.sweep.stop()]);
  }

  /** One claim and its sends, awaited: how many texts it settled or left for a later try. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((item) => this.finish(item)));
    return claimed.length;
  }

  private async runUntilEmpty(): Promise<void> {
    const batch = this.deps.batchSize ?? 32;
    while ((await this.runOnce()) === batch);
  }

  private async claim(): Promise<readonly Claimed[]> {
    const { uow, clock, leaseMs } = this.deps;
    const result = await uow.transaction(async (tx) => {
      const texts = await tx.outboundTexts.claimDue(clock.now(), this.deps.batchSize ?? 32, leaseMs);
      const claimed: Claimed[] = [];
      for (const text of texts) claimed.push({ text, message: await tx.messages.findById(text.projectId, text.messageId) });
      return E.right(claimed);
    });
    return E.isRight(result) ? result.right : [];
  }

  private async finish({ text, message }: Claimed): Promise<void> {
    if (!message) {
      await this.deps.uow.transaction(async (tx) => E.right(await tx.outboundTexts.complete(text.messageId)));
      return;
    }
    const outcome = await this.outcomeOf(text, message);
    if (outcome === null) return; // the carrier could not be asked: the lease runs out and a later claim tries again
    const settled = await settleText(this.deps, message, outcome);
    const fields = { messageId: message.id, attempts: text.attempts + 1, status: settled.status };
    if (E.isLeft(outcome)) this.log.warn({ ...fields, providerCode: outcome.left.providerCode, reason: outcome.left.message }, 'queued text failed');
    else this.log.info({ ...fields, providerMessageId: settled.providerMessageId }, 'queued text settled');
  }

  /** The carrier's answer: the try it already holds, else a new send; null when it could not be asked. */
  private async outcomeOf(text: PendingText, message: Message): Promise<SendOutcome | null> {
    // A status report beat the lost bookkeeping: the carrier has it.
    if (message.providerMessageId !== null) return E.right({ providerMessageId: message.providerMessageId, status: 'queued' });
    const sms = outboundSmsOf(message, this.deps.smsStatusUrl);
    if (text.attempts > 0) {
      const found = await this.deps.telephony.findSentSms(sms, text.createdAt);
      if (E.isLeft(found)) {
        this.log.warn({ messageId: message.id, reason: found.left.message }, 'could not ask the carrier about an earlier try; will retry');
        return null;
      }
      const held = await this.unclaimed(found.right.map((sent) => sent.providerMessageId));
      const earlier = found.right.find((sent) => held.has(sent.providerMessageId));
      if (earlier) return E.right(earlier);
    }
    // A retry is a new send: a number suppressed since the text was queued is not texted.
    if (await this.isSuppressed(message)) return E.left({ _tag: 'ProviderError', message: `${message.toNumber} is on the suppression list for texts`, providerCode: null });
    return this.deps.telephony.sendSms(sms);
  }

  /** Whether the list stops the text now; a text it stops goes on the audit trail as a refusal of Switchboard's own retry. */
  private async isSuppressed(message: Message): Promise<boolean> {
    const read = await this.deps.uow.transaction(async (tx) => {
      const refused = await suppressionRefusal(tx, message.projectId, message.toNumber, 'sms');
      if (refused) {
        const at = { projectId: message.projectId, phoneNumber: message.toNumber, channel: 'sms' as const, at: this.deps.clock.now(), origin: RETRY_ORIGIN };
        await recordRefusal(tx, this.deps.ids, at, refused);
      }
      return E.right(refused !== null);
    });
    return E.isRight(read) && read.right;
  }

  /** Those of the carrier's ids that no stored message has: an identical text's id is not ours. */
  private async unclaimed(ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (ids.length === 0) return new Set();
    const read = await this.deps.uow.transaction(async (tx) => E.right(await tx.messages.findByProviderMessageIds(ids)));
    const taken = new Set(E.isRight(read) ? read.right.map((m) => m.providerMessageId) : ids);
    return new Set(ids.filter((id) => !taken.has(id)));
  }

  private async forgetExpiredKeys(): Promise<void> {
    const before = new Date(this.deps.clock.now().getTime() - (this.deps.keyRetentionMs ?? IDEMPOTENCY_KEY_RETENTION_MS));
    let deleted = 0;
    for (;;) {
      const batch = await this.deps.uow.transaction(async (tx) => E.right(await tx.idempotencyKeys.deleteCreatedBefore(before, KEY_SWEEP_BATCH)));
      if (E.isLeft(batch)) break;
      deleted += batch.right;
      if (batch.right < KEY_SWEEP_BATCH) break;
    }
    if (deleted > 0) this.log.info({ deleted }, 'expired idempotency keys forgotten');
  }
}
