import { errorMessage, PeriodicTask } from '../../kernel/periodic-task.js';
import * as E from 'fp-ts/lib/Either.js';
import type { Call } from '../../../domain/call.js';
import type { Clock } from '../../ports/clock.js';
import type { Logger } from '../../ports/logger.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { WEB_CALL_TOKEN_SECONDS } from './create-web-call.js';
import type { FinishCall } from './finish-call.js';

/** How long after its token expired a web call may still be joined (the carrier's webhook may lag). */
export const WEB_CALL_JOIN_GRACE_SECONDS = 15;
export const UNCONNECTED_WEB_CALL_SWEEP_MS = 15_000;
const BATCH = 100;

/** Joining a web call gives it the carrier's id (see AnswerInboundCall): without one, no browser came. */
const neverJoined = (call: Call): boolean => call.type === 'web' && call.providerCallId === null;

export interface FailUnconnectedWebCallsDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly finishCall: Pick<FinishCall, 'execute'>;
}

/**
 * A web call whose token was never used (the browser never connected) would stay in progress
 * forever: once its token has expired and the grace has passed, the sweep ends it as `failed`
 * with `not_connected` (through FinishCall, so `agent.call_ended` is queued as for any end).
 * It reads storage, not a timer per call, so calls created before a restart are swept too; a
 * call a browser joined is never touched.
 */
export class FailUnconnectedWebCalls {
  private readonly schedule = new PeriodicTask(
    () => this.runOnce(),
    (error) => this.deps.logger.error({ err: { message: errorMessage(error) } }, 'sweeping unconnected web calls failed'),
  );

  constructor(private readonly deps: FailUnconnectedWebCallsDeps) {}

  /** One sweep: the number of calls it ended. */
  async runOnce(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - (WEB_CALL_TOKEN_SECONDS + WEB_CALL_JOIN_GRACE_SECONDS) * 1000);
    let ended = 0;
    for (;;) {
      const found = await this.deps.uow.transaction(async (tx) => E.right(await tx.calls.listUnconnectedWebCalls(cutoff, BATCH)));
      if (E.isLeft(found) || found.right.length === 0) break;
      let progressed = 0;
      for (const call of found.right) {
        const result = await this.deps.finishCall.execute({ callId: call.id, outcome: 'failed', reason: 'not_connected', onlyIf: neverJoined })();
        if (E.isRight(result) && result.right.status !== 'in-progress') progressed += 1;
        if (E.isRight(result) && result.right.disconnectionReason === 'not_connected' && result.right.endedAt) ended += 1;
        if (E.isLeft(result)) this.deps.logger.warn({ callId: call.id, err: result.left._tag }, 'could not end an unconnected web call');
      }
      // A batch that changed nothing would be read again: stop until the next sweep.
      if (progressed === 0 || found.right.length < BATCH) break;
    }
    if (ended > 0) this.deps.logger.info({ ended }, 'unconnected web calls failed');
    return ended;
  }

  /** Sweeps every `intervalMs`; failures are logged, never thrown. */
  start(intervalMs: number = UNCONNECTED_WEB_CALL_SWEEP_MS): void {
    this.schedule.start(intervalMs, { runNow: false });
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    await this.schedule.stop();
  }
}
