import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/errors.js';
import type { CallUseCases } from '../../application/use-cases/call-use-cases.js';

/**
 * One session's subscriptions to call transcripts: each listens to the call's transcript
 * stream (the event bus, so the call may run on any node) and reports every new turn and the
 * end with `updated(uri)`. The stream ends with the call; the subscription with it.
 */
export class TranscriptSubscriptions {
  private readonly open = new Map<string, () => void>();

  constructor(
    private readonly calls: Pick<CallUseCases, 'streamTranscript'>,
    private readonly updated: (uri: string) => Promise<void>,
  ) {}

  async subscribe(input: { readonly projectId: string; readonly callId: string; readonly uri: string }): Promise<E.Either<AppError, void>> {
    if (this.open.has(input.uri)) return E.right(undefined);
    const opened = await this.calls.streamTranscript.execute({ projectId: input.projectId, callId: input.callId })();
    if (E.isLeft(opened)) return opened;
    const stream = opened.right;
    this.open.set(input.uri, () => stream.close());
    void this.pump(input.uri, stream.events).finally(() => {
      stream.close();
      this.open.delete(input.uri);
    });
    return E.right(undefined);
  }

  unsubscribe(uri: string): void {
    this.open.get(uri)?.();
    this.open.delete(uri);
  }

  closeAll(): void {
    for (const close of this.open.values()) close();
    this.open.clear();
  }

  private async pump(uri: string, events: AsyncIterable<{ readonly type: string }>): Promise<void> {
    try {
      for await (const event of events) {
        await this.updated(uri);
        if (event.type === 'ended') return;
      }
    } catch {
      // The session went away while a notice was on its way: nothing is left to tell.
    }
  }
}
