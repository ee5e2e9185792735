import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/errors.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';
import type { TranscriptTurn } from '../../domain/call.js';

/**
 * Resolves true once the call has ended, false when `maxMs` passed or `signal` aborted first.
 * It listens to the call's transcript stream (the event bus, so the call may run on any node),
 * handing each turn to `onTurn` on the way.
 */
export const waitForCallEnd = async (
  calls: Pick<CallUseCases, 'streamTranscript'>,
  input: { readonly projectId: string; readonly callId: string; readonly maxMs: number; readonly signal: AbortSignal; readonly onTurn?: (turn: TranscriptTurn) => Promise<void> },
): Promise<E.Either<AppError, boolean>> => {
  const opened = await calls.streamTranscript.execute({ projectId: input.projectId, callId: input.callId })();
  if (E.isLeft(opened)) return opened;
  const stream = opened.right;
  const timer = setTimeout(() => stream.close(), input.maxMs);
  const abort = () => stream.close();
  input.signal.addEventListener('abort', abort);
  try {
    for await (const event of stream.events) {
      if (event.type === 'ended') return E.right(true);
      if (event.type === 'turn') await input.onTurn?.(event.turn);
    }
    return E.right(false);
  } finally {
    clearTimeout(timer);
    input.signal.removeEventListener('abort', abort);
    stream.close();
  }
};
