import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';

/** Pieces read ahead of the reader before the body is paused. */
const READ_AHEAD = 16;

/**
 * A response body's pieces as they arrive, read in flowing mode: `read()` resolves with the next
 * piece, or null at the end; a body that fails or closes early rejects it. Stands in for the
 * body's async iterator, which cost a few promises, an async generator step and a readable-mode
 * `read()` for every piece: a streamed answer is one piece per token. Pieces not yet read
 * beyond {@link READ_AHEAD} pause the body until they are.
 */
export class FlowingBody {
  private readonly pieces: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly body: IncomingMessage) {
    body.on('data', this.arrived);
    finished(body, (error) => {
      this.failure = error ?? null;
      this.ended = true;
      this.notify();
    });
  }

  async read(): Promise<Buffer | null> {
    while (this.pieces.length === 0) {
      if (this.failure) throw this.failure;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    const piece = this.pieces.shift()!;
    if (this.body.isPaused() && this.pieces.length < READ_AHEAD) this.body.resume();
    return piece;
  }

  /** Nothing more is read: what still comes is dropped, so the connection can serve another answer. */
  drop(): void {
    this.body.off('data', this.arrived);
    this.pieces.length = 0;
    this.body.resume();
  }

  private readonly arrived = (piece: Buffer): void => {
    this.pieces.push(piece);
    if (this.pieces.length >= READ_AHEAD) this.body.pause();
    this.notify();
  };

  private notify(): void {
    const resolve = this.wake;
    this.wake = null;
    resolve?.();
  }
}
