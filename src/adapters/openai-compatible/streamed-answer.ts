import { LanguageModelFailure, type ChatChunk, type ChunksHeard } from '../../application/ports/language-model.js';
import { ChatChunks, SsePayloads } from './chat-completion-stream.js';

/** What a request to the model reports as it goes: its status, its body's bytes, the body's end, or a failure. */
export interface ExchangeListener {
  started(status: number): void;
  read(bytes: Buffer): void;
  ended(): void;
  failed(error: unknown): void;
}

/** One request to the model, sent: how to stop it (closing the connection unless read to the end). */
export interface ModelExchange {
  stop(reason: unknown): void;
}

export interface StreamedAnswerOptions {
  /** Sends the request, its answer told to the listener. */
  readonly send: (listener: ExchangeListener) => ModelExchange;
  /** The longest wait for the first token, and between pieces after it. */
  readonly timeoutMs: number;
  /** For failures: where the model is. */
  readonly url: string;
  /** The caller's signal: aborted, the answer ends quietly and the connection closes. */
  readonly signal: AbortSignal;
  /** Hears the chunks each network read parsed. */
  readonly heard: ChunksHeard;
}

const TIMED_OUT = Symbol('timed out');

/** How much of an error's body is read for its excerpt. */
const EXCERPT_BYTES = 4096;

const causeOf = (error: unknown): string => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : typeof message === 'string' ? message : String(error);
};

/** An answer that is not a success: its status, and the start of its body (copied: a read's bytes are not ours to keep). */
class ErrorAnswer {
  private readonly parts: Buffer[] = [];
  private length = 0;

  constructor(readonly status: number) {}

  /** True once there is excerpt enough. */
  add(bytes: Buffer): boolean {
    this.parts.push(Buffer.from(bytes));
    this.length += bytes.length;
    return this.length >= EXCERPT_BYTES;
  }

  failure(): LanguageModelFailure {
    const excerpt = Buffer.concat(this.parts).toString('utf8').slice(0, 300);
    return new LanguageModelFailure('http', `the model answered HTTP ${this.status}${excerpt ? `: ${excerpt}` : ''}`);
  }
}

/**
 * A streamed chat completion, pushed to its hearer as its bytes arrive: each network read is
 * parsed there and then (bytes to SSE payloads to chunks, synchronously) and the chunks it
 * completed are handed over in one call, within the read's own turn of the event loop. No
 * promise, iterator step or timer stands between a token's bytes and its hearer.
 *
 * A failure (the connection, the HTTP status, a chunk that does not fit, the timeout) comes
 * after the chunks parsed before it, as a {@link LanguageModelFailure}. The caller's signal
 * aborted, the answer ends quietly and the connection closes, so the server stops generating;
 * read to its end, the connection serves the next answer.
 */
export class StreamedAnswer implements ExchangeListener {
  private readonly payloads = new SsePayloads();
  private readonly chunks = new ChatChunks();
  private timer: NodeJS.Timeout | null = null;
  /** The request in flight, once sent. */
  private exchange: ModelExchange | null = null;
  /** Why the request was stopped, once it was (a plain field, not an AbortController: one fewer event target an answer). */
  private stopped: { readonly reason: unknown } | null = null;
  /** A status other than 2xx came: the body is read for the failure's excerpt. */
  private error: ErrorAnswer | null = null;
  /** The answer was read to its end: its connection may serve another. */
  private complete = false;
  /** Settled: nothing more is heard. */
  private over = false;
  /** Resolves once the answer is over, fails with the model's failure. */
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (error: unknown) => void;

  private readonly options: Omit<StreamedAnswerOptions, 'send'>;

  constructor({ send, ...options }: StreamedAnswerOptions) {
    this.options = options;
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.start(send);
  }

  private start(send: (listener: ExchangeListener) => ModelExchange): void {
    const { signal, timeoutMs } = this.options;
    if (signal.aborted) return this.finish(null);
    signal.addEventListener('abort', this.abort, { once: true });
    // One timer for the whole answer, pushed back as each piece arrives (not one per piece). It
    // fails the answer there and then: a request still waiting for a connection hears no stop.
    this.timer = setTimeout(() => {
      this.stop(TIMED_OUT);
      this.failed(null);
    }, timeoutMs);
    try {
      this.exchange = send(this);
    } catch (error) {
      this.failed(error);
    }
  }

  /** The exchange's: a status line arrived (an informational 1xx, such as 103 Early Hints, comes before the answer's own). */
  started(status: number): void {
    if (this.over || status < 200) return;
    if (status > 299) this.error = new ErrorAnswer(status);
  }

  /** The exchange's: bytes of the body, parsed and heard at once. */
  read(bytes: Buffer): void {
    if (this.over) return;
    this.timer?.refresh();
    if (this.error) {
      if (this.error.add(bytes)) this.finish({ error: this.error.failure() });
      return;
    }
    let parsed: ChatChunk[] | null = null;
    try {
      for (const payload of this.payloads.push(bytes)) {
        for (const chunk of this.chunks.read(payload)) (parsed ??= []).push(chunk);
        if (this.chunks.done) break;
      }
    } catch (error) {
      if (parsed) this.hear(parsed);
      this.failed(error);
      return;
    }
    if (parsed) this.hear(parsed);
    if (this.chunks.done && !this.over) {
      // Whatever follows `[DONE]` is read and dropped by the exchange, so the connection can serve the next answer.
      this.complete = true;
      this.finish(null);
    }
  }

  /** The exchange's: the body ended. */
  ended(): void {
    if (this.over) return;
    this.complete = true;
    if (this.error) {
      this.finish({ error: this.error.failure() });
      return;
    }
    let last: ChatChunk[];
    try {
      last = [...this.chunks.finish(this.payloads.end())];
    } catch (error) {
      this.failed(error);
      return;
    }
    if (last.length > 0) this.hear(last);
    this.finish(null);
  }

  /** The exchange's, and this answer's own: the request failed (a failure's excerpt is what arrived before it). */
  failed(error: unknown): void {
    if (this.over) return;
    this.finish({
      error:
        this.stopped?.reason === TIMED_OUT
          ? new LanguageModelFailure('timeout', `the model sent nothing for ${this.options.timeoutMs} ms`)
          : this.error
            ? this.error.failure()
            : error instanceof LanguageModelFailure
              ? error
              : new LanguageModelFailure('network', `could not reach the model at ${this.options.url}: ${causeOf(error)}`),
    });
  }

  /**
   * Hands chunks over, unless the answer is over; a hearer that throws fails the answer. The
   * caller going away is `over` too: the signal's listener settles the answer as it aborts (its
   * `aborted` getter, asked on every read, was a brand check a token).
   */
  private hear(chunks: readonly ChatChunk[]): void {
    if (this.over) return;
    try {
      this.options.heard(chunks);
    } catch (error) {
      this.finish({ error });
    }
  }

  /**
   * The caller went away: the answer ends quietly. Settled before the request is stopped (by
   * `finish`), as stopping reports the request's failure there and then.
   */
  private readonly abort = (): void => this.finish(null);

  /** Stops the request once (closing its connection unless the answer was read to the end). */
  private stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = { reason };
    this.exchange?.stop(reason);
  }

  /** Settles once: the timer and the signal's listener go, an unfinished request is stopped. */
  private finish(failure: { readonly error: unknown } | null): void {
    if (this.over) return;
    this.over = true;
    if (this.timer) clearTimeout(this.timer);
    this.options.signal.removeEventListener('abort', this.abort);
    if (!this.complete) this.stop('stopped');
    if (failure) this.reject(failure.error);
    else this.resolve();
  }
}
