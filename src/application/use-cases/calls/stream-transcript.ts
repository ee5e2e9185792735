import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isLive, type CallStatus, type TranscriptTurn } from '../../../domain/call.js';
import { notFound, type NotFound } from '../../errors.js';
import type { UnansweredReason } from '../../events/unanswered-turn.js';
import type { CallEvent, EventBus } from '../../ports/event-bus.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { AsyncQueue } from '../../kernel/async-queue.js';

export type TranscriptStreamEvent =
  | { readonly type: 'turn'; readonly turn: TranscriptTurn }
  /** Live only: the caller's turn `turnSequence` got no answer, and why (never replayed). */
  | { readonly type: 'unanswered'; readonly turnSequence: number; readonly reason: UnansweredReason }
  | { readonly type: 'ended'; readonly status: CallStatus };

export interface TranscriptStream {
  readonly callId: string;
  /** The call's agent (null once deleted), named in what an `unanswered` notice says to do. */
  readonly agentId: string | null;
  /** Stored turns, then live ones, each once and in order (with live `unanswered` notices among them), then `ended` (and the end of the iteration). */
  readonly events: AsyncIterable<TranscriptStreamEvent>;
  /** The client went away. */
  close(): void;
}

export type StreamTranscriptError = NotFound;

/**
 * The transcript of a live or finished call as a stream. The seam between replay and live
 * never repeats nor drops a turn: subscribe first (buffering), replay from storage, then
 * pass on the buffered and live turns whose sequence is beyond the last one sent; a gap is
 * filled from storage, and `ended` is preceded by a last look at storage.
 */
export class StreamTranscript {
  constructor(private readonly deps: { readonly uow: UnitOfWork; readonly eventBus: EventBus }) {}

  execute(input: { readonly projectId: string; readonly callId: string }): TE.TaskEither<StreamTranscriptError, TranscriptStream> {
    return async () => {
      const exists = await this.deps.uow.transaction(async (tx) => {
        const call = await tx.calls.findById(input.projectId, input.callId);
        return call ? E.right(call.agentId) : E.left(notFound('call', input.callId));
      });
      if (E.isLeft(exists)) return exists;
      const live = new AsyncQueue<CallEvent>();
      const unsubscribe = await this.deps.eventBus.subscribe(input.callId, (event) => live.push(event));
      const out = new AsyncQueue<TranscriptStreamEvent>();
      const close = () => {
        unsubscribe();
        live.end();
        out.end();
      };
      void this.pump(input.callId, live, out).then(close, (error: unknown) => {
        unsubscribe();
        out.fail(error);
      });
      return E.right({ callId: input.callId, agentId: exists.right, events: out, close });
    };
  }

  private async pump(callId: string, live: AsyncQueue<CallEvent>, out: AsyncQueue<TranscriptStreamEvent>): Promise<void> {
    let last = 0;
    const emitStored = async (before = Number.POSITIVE_INFINITY) => {
      const stored = await this.read(callId, last);
      for (const turn of stored.turns) {
        if (turn.sequence >= before) break;
        out.push({ type: 'turn', turn });
        last = turn.sequence;
      }
      return stored.status;
    };
    const status = await emitStored();
    if (status !== null && status !== 'in-progress') {
      out.push({ type: 'ended', status });
      return;
    }
    for await (const event of live) {
      if (out.isEnded) return;
      if (event.type === 'ended') {
        await emitStored();
        out.push({ type: 'ended', status: event.status });
        return;
      }
      if (event.type === 'unanswered') {
        // Published after the caller's turn: that turn is sent first, from storage if it was missed.
        if (event.turnSequence > last) await emitStored(event.turnSequence + 1);
        out.push({ type: 'unanswered', turnSequence: event.turnSequence, reason: event.reason });
        continue;
      }
      const { turn } = event;
      if (turn.sequence <= last) continue; // already replayed
      if (turn.sequence > last + 1) await emitStored(turn.sequence); // a turn we did not hear about
      out.push({ type: 'turn', turn });
      last = turn.sequence;
    }
  }

  private async read(callId: string, after: number): Promise<{ turns: readonly TranscriptTurn[]; status: CallStatus | null }> {
    const result = await this.deps.uow.transaction(async (tx) => {
      const call = await tx.calls.findByIdInAnyProject(callId);
      const turns = await tx.transcripts.listByCall(callId, after);
      return E.right({ turns, status: call ? (isLive(call) ? 'in-progress' : call.status) : null });
    });
    return E.isRight(result) ? result.right : { turns: [], status: null };
  }
}
