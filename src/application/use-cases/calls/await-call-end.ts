import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isLive } from '../../../domain/call.js';
import type { NotFound } from '../../errors.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { Timers } from '../../ports/timers.js';
import type { CallWithTranscript, GetCall } from './get-call.js';

export interface AwaitCallEndInput {
  readonly projectId: string;
  readonly callId: string;
  readonly timeoutSeconds: number;
  /** The client went away: stop waiting at once. */
  readonly signal?: AbortSignal;
}

export interface AwaitCallEndDeps {
  readonly getCall: GetCall;
  readonly eventBus: EventBus;
  readonly timers: Timers;
}

/**
 * Waits for a call to end, at most `timeoutSeconds`, then reads it (with its transcript): ended,
 * or still `in-progress` when the wait ran out. The end is heard on the event bus (so on any
 * node, whichever holds the call), and the wait costs one listener and one timer — no polling;
 * a client that disconnects takes both away with it.
 */
export class AwaitCallEnd {
  constructor(private readonly deps: AwaitCallEndDeps) {}

  execute(input: AwaitCallEndInput): TE.TaskEither<NotFound, CallWithTranscript> {
    return async () => {
      const read = () => this.deps.getCall.execute({ projectId: input.projectId, callId: input.callId })();
      const first = await read();
      if (E.isLeft(first) || !isLive(first.right.call) || input.timeoutSeconds <= 0 || input.signal?.aborted) return first;
      let wake!: () => void;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      // Listen before looking again: an end between the two reads is then heard, not missed.
      const unsubscribe = await this.deps.eventBus.subscribe(input.callId, (event) => {
        if (event.type === 'ended') wake();
      });
      const cancelTimer = this.deps.timers.after(input.timeoutSeconds * 1000, wake);
      const onAbort = () => wake();
      input.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const again = await read();
        if (E.isLeft(again) || !isLive(again.right.call)) return again;
        await woken;
        return await read();
      } finally {
        unsubscribe();
        cancelTimer();
        input.signal?.removeEventListener('abort', onAbort);
      }
    };
  }
}
