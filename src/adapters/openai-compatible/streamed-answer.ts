import type { IncomingMessage } from 'node:http';
import { finished as ended } from 'node:stream';
import { LanguageModelFailure, type ChatChunk, type ChunksHeard } from '../../application/ports/language-model.js';
import { ChatChunks, SsePayloads } from './chat-completion-stream.js';

/** One request to the model: its answer, and how to stop it (closing the connection unless read to the end). */
export interface ModelExchange {
  readonly response: Promise<IncomingMessage>;
  stop(reason: unknown): void;
}

export interface StreamedAnswerOptions {
  /** Sends the request. */
  readonly send: () => ModelExchange;
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

const causeOf = (error: unknown): string => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : typeof message === 'string' ? message : String(error);
};

const excerptOf = async (response: IncomingMessage): Promise<string> => {
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const part of response) {
      parts.push(part as Buffer);
      length += (part as Buffer).length;
      if (length >= 4096) break;
    }
  } catch {
    // What arrived before the connection failed is excerpt enough.
  }
  return Buffer.concat(parts).toString('utf8').slice(0, 300);
};

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
export class StreamedAnswer {
  private readonly payloads = new SsePayloads();
  private readonly chunks = new ChatChunks();
  private timer: NodeJS.Timeout | null = null;
  /** The request in flight, once sent. */
  private exchange: ModelExchange | null = null;
  /** Why the request was stopped, once it was (a plain field, not an AbortController: one fewer event target an answer). */
  private stopped: { readonly reason: unknown } | null = null;
  private response: IncomingMessage | null = null;
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

  private start(send: () => ModelExchange): void {
    const { signal, timeoutMs } = this.options;
    if (signal.aborted) return this.finish(null);
    signal.addEventListener('abort', this.abort, { once: true });
    // One timer for the whole answer, pushed back as each piece arrives (not one per piece).
    this.timer = setTimeout(() => this.stop(TIMED_OUT), timeoutMs);
    try {
      const exchange = (this.exchange = send());
      exchange.response.then(this.answered, this.fail);
    } catch (error) {
      this.fail(error);
    }
  }

  private readonly answered = (response: IncomingMessage): void => {
    if (this.over) return;
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      void excerptOf(response).then((excerpt) =>
        this.fail(new LanguageModelFailure('http', `the model answered HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`)),
      );
      return;
    }
    this.response = response;
    response.on('data', this.arrived);
    ended(response, (error) => (error ? this.fail(error) : this.bodyEnded()));
  };

  private readonly arrived = (bytes: Buffer): void => {
    if (this.over) return;
    this.timer?.refresh();
    let parsed: ChatChunk[] | null = null;
    try {
      for (const payload of this.payloads.push(bytes)) {
        for (const chunk of this.chunks.read(payload)) (parsed ??= []).push(chunk);
        if (this.chunks.done) break;
      }
    } catch (error) {
      if (parsed) this.hear(parsed);
      this.fail(error);
      return;
    }
    if (parsed) this.hear(parsed);
    if (this.chunks.done && !this.over) {
      this.complete = true;
      // Whatever follows `[DONE]` is read and dropped, so the connection can serve the next answer.
      this.response!.off('data', this.arrived);
      this.response!.resume();
      this.finish(null);
    }
  };

  private bodyEnded(): void {
    if (this.over) return;
    let last: ChatChunk[];
    try {
      last = [...this.chunks.finish(this.payloads.end())];
    } catch (error) {
      this.fail(error);
      return;
    }
    this.complete = true;
    if (last.length > 0) this.hear(last);
    this.finish(null);
  }

  /** Hands chunks over, unless the caller went away; a hearer that throws fails the answer. */
  private hear(chunks: readonly ChatChunk[]): void {
    if (this.over || this.options.signal.aborted) return;
    try {
      this.options.heard(chunks);
    } catch (error) {
      this.finish({ error });
    }
  }

  private readonly fail = (error: unknown): void => {
    if (this.over) return;
    this.finish({
      error:
        this.stopped?.reason === TIMED_OUT
          ? new LanguageModelFailure('timeout', `the model sent nothing for ${this.options.timeoutMs} ms`)
          : error instanceof LanguageModelFailure
            ? error
            : new LanguageModelFailure('network', `could not reach the model at ${this.options.url}: ${causeOf(error)}`),
    });
  };

  /** The caller went away: the answer ends quietly. */
  private readonly abort = (): void => {
    this.stop(this.options.signal.reason);
    this.finish(null);
  };

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
