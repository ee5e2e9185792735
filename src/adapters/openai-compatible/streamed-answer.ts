import type { IncomingMessage } from 'node:http';
import { finished as ended } from 'node:stream';
import { LanguageModelFailure, type ChatChunk } from '../../application/ports/language-model.js';
import { ChatChunks, SsePayloads } from './chat-completion-stream.js';

/** One request to the model: its answer, and how to stop it (closing the connection unless read to the end). */
export interface ModelExchange {
  readonly response: Promise<IncomingMessage>;
  stop(reason: unknown): void;
}

export interface StreamedAnswerOptions {
  /** Sends the request; called on the first read. */
  readonly send: () => ModelExchange;
  /** The longest wait for the first token, and between pieces after it. */
  readonly timeoutMs: number;
  /** For failures: where the model is. */
  readonly url: string;
  /** The caller's signal: aborted, the answer ends quietly and the connection closes. */
  readonly signal: AbortSignal;
}

const TIMED_OUT = Symbol('timed out');
const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };
/** Chunks parsed ahead of the reader before the body is paused. */
const READ_AHEAD = 64;

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
 * A streamed chat completion, read chunk by chunk. The body is parsed as its bytes arrive
 * (flowing mode: bytes to SSE payloads to chunks, synchronously) and each read takes the next
 * parsed chunk. A chunk already parsed is handed over in an already settled promise; only a
 * read that has to wait for the network makes one that waits.
 *
 * An iterator of its own rather than an async generator over the body's async iterator: every
 * token of a hosted answer passes through here, and each layer of those cost several promises
 * and an iterator step a token, the young garbage whose collections pause the calls' event loop.
 *
 * A failure (the connection, the HTTP status, a chunk that does not fit, the timeout) comes
 * after the chunks parsed before it, as a {@link LanguageModelFailure}. The caller's signal
 * aborted, the answer ends quietly. Stopped before its end (a `return`), the connection closes
 * and the server stops generating; read to its end, the connection serves the next answer.
 */
export class StreamedAnswer implements AsyncIterableIterator<ChatChunk> {
  private readonly payloads = new SsePayloads();
  private readonly chunks = new ChatChunks();
  private timer: NodeJS.Timeout | null = null;
  /** The request in flight, once sent. */
  private exchange: ModelExchange | null = null;
  /** Why the request was stopped, once it was (a plain field, not an AbortController: one fewer event target an answer). */
  private stopped: { readonly reason: unknown } | null = null;
  private response: IncomingMessage | null = null;
  /** Parsed chunks; those before `taken` were read. */
  private parsed: ChatChunk[] = [];
  private taken = 0;
  private failure: LanguageModelFailure | null = null;
  /** Nothing more will be parsed: the answer ended, or failed. */
  private over = false;
  /** The answer was read to its end: its connection may serve another. */
  private complete = false;
  private started = false;
  private closed = false;
  private waiting: { readonly resolve: (result: IteratorResult<ChatChunk, undefined>) => void; readonly reject: (error: unknown) => void } | null = null;

  private readonly options: Omit<StreamedAnswerOptions, 'send'>;
  /** Let go of once called: the request it sends holds the whole conversation, which need not outlive the sending. */
  private send: (() => ModelExchange) | null;

  constructor({ send, ...options }: StreamedAnswerOptions) {
    this.send = send;
    this.options = options;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ChatChunk, undefined>> {
    if (!this.started) this.start();
    if (this.options.signal.aborted) {
      this.close();
      return Promise.resolve(DONE);
    }
    if (this.taken < this.parsed.length) return Promise.resolve({ done: false, value: this.take() });
    if (this.over) return this.end();
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  async return(): Promise<IteratorResult<ChatChunk, undefined>> {
    this.close();
    return DONE;
  }

  private start(): void {
    this.started = true;
    const { signal, timeoutMs } = this.options;
    if (signal.aborted) return;
    signal.addEventListener('abort', this.abort, { once: true });
    // One timer for the whole answer, pushed back as each piece arrives (not one per piece).
    this.timer = setTimeout(() => this.stop(TIMED_OUT), timeoutMs);
    try {
      const send = this.send!;
      this.send = null;
      const exchange = (this.exchange = send());
      exchange.response.then(this.answered, this.fail);
    } catch (error) {
      this.fail(error);
    }
  }

  private readonly answered = (response: IncomingMessage): void => {
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
    try {
      for (const payload of this.payloads.push(bytes)) {
        for (const chunk of this.chunks.read(payload)) this.parsed.push(chunk);
        if (this.chunks.done) break;
      }
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.chunks.done) {
      this.completed();
      // Whatever follows `[DONE]` is read and dropped, so the connection can serve the next answer.
      this.response!.off('data', this.arrived);
      this.response!.resume();
    } else if (this.parsed.length - this.taken >= READ_AHEAD) {
      this.response!.pause();
    }
    this.wake();
  };

  private bodyEnded(): void {
    if (this.over) return;
    try {
      for (const chunk of this.chunks.finish(this.payloads.end())) this.parsed.push(chunk);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.completed();
    this.wake();
  }

  private completed(): void {
    this.over = true;
    this.complete = true;
  }

  private readonly fail = (error: unknown): void => {
    if (this.over) return;
    this.over = true;
    this.failure =
      this.stopped?.reason === TIMED_OUT
        ? new LanguageModelFailure('timeout', `the model sent nothing for ${this.options.timeoutMs} ms`)
        : error instanceof LanguageModelFailure
          ? error
          : new LanguageModelFailure('network', `could not reach the model at ${this.options.url}: ${causeOf(error)}`);
    this.wake();
  };

  private readonly abort = (): void => {
    this.stop(this.options.signal.reason);
    this.wake();
  };

  /** Stops the request once (closing its connection unless the answer was read to the end). */
  private stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = { reason };
    this.exchange?.stop(reason);
  }

  /** Settles a read that waits, as {@link next} would now. */
  private wake(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    if (this.options.signal.aborted) {
      this.waiting = null;
      this.close();
      waiting.resolve(DONE);
    } else if (this.taken < this.parsed.length) {
      this.waiting = null;
      waiting.resolve({ done: false, value: this.take() });
    } else if (this.over) {
      this.waiting = null;
      this.end().then(waiting.resolve, waiting.reject);
    }
  }

  private take(): ChatChunk {
    const chunk = this.parsed[this.taken++]!;
    if (this.taken === this.parsed.length) {
      this.parsed = [];
      this.taken = 0;
      if (this.response?.isPaused() && !this.over) this.response.resume();
    }
    return chunk;
  }

  private end(): Promise<IteratorResult<ChatChunk, undefined>> {
    this.close();
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      return Promise.reject(failure);
    }
    return Promise.resolve(DONE);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.options.signal.removeEventListener('abort', this.abort);
    // Stopped early (the reader went away, or it failed): close the connection, the server stops generating.
    if (this.started && !this.complete) this.stop('stopped');
  }
}
