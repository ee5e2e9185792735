import { Pool, type Dispatcher } from 'undici';
import { WarmModelConnections } from './warm-model-connections.js';
import {
  type ChatMessage,
  type ChatRequest,
  type ChunksHeard,
  type LanguageModel,
} from '../../application/ports/language-model.js';
import { StreamedAnswer, type ExchangeListener, type ModelExchange } from './streamed-answer.js';

export interface OpenAiCompatibleOptions {
  /** Up to the version segment: `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer …` when given; never logged. */
  readonly apiKey: string | null;
  readonly model: string;
  /** The longest wait for the first token, and between pieces after it; default 10 s. */
  readonly timeoutMs?: number;
}

export const DEFAULT_MODEL_TIMEOUT_MS = 10_000;

const wireMessage = (message: ChatMessage): Record<string, unknown> => {
  switch (message.role) {
    case 'assistant':
      return message.toolCalls && message.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: message.content === '' ? null : message.content,
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            })),
          }
        : { role: 'assistant', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
};

/**
 * One request to the model, its answer pushed to `listener` as undici reads it: no stream, no
 * response object, no promise between the socket and the listener. Stopping it closes the
 * connection unless its answer was already read to the end: that connection is back in the
 * pool, serving another answer.
 */
const exchange = (pool: Pool, request: Dispatcher.DispatchOptions, listener: ExchangeListener): ModelExchange => {
  let controller: Dispatcher.DispatchController | null = null;
  let stopped: Error | null = null;
  let complete = false;
  pool.dispatch(request, {
    onRequestStart: (started) => {
      controller = started;
      if (stopped) started.abort(stopped);
    },
    onResponseStart: (_, status) => listener.started(status),
    onResponseData: (_, bytes) => listener.read(bytes),
    onResponseEnd: () => {
      complete = true;
      listener.ended();
    },
    onResponseError: (_, error) => listener.failed(error),
  });
  return {
    stop: (reason) => {
      if (complete || stopped) return;
      stopped = new Error(`stopped: ${String(reason)}`);
      controller?.abort(stopped);
    },
  };
};

/**
 * Streaming chat completions (`POST {baseUrl}/chat/completions`, `stream: true`, function
 * tools), the dialect OpenAI, vLLM, Ollama (`/v1`) and llama.cpp's server all speak. Aborting
 * the request's signal closes the connection, so the server stops generating.
 */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  private readonly url: URL;
  /** `/v1/chat/completions` (with any query of the base URL), worked out once rather than per answer. */
  private readonly path: string;
  /** The model server's connections, kept alive between answers (idle ones hold no process open). */
  private readonly pool: Pool;
  private readonly warm: WarmModelConnections;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    this.path = this.url.pathname + this.url.search;
    // No timeouts of undici's own: the answer's timer (the wait for the first token, then between pieces) is the one rule.
    this.warm = new WarmModelConnections(new URL(this.url.origin));
    this.pool = new Pool(this.url.origin, { headersTimeout: 0, bodyTimeout: 0, connect: this.warm.connect });
    this.headers = { 'content-type': 'application/json', accept: 'text/event-stream', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  }

  stream(request: ChatRequest, heard: ChunksHeard): Promise<void> {
    return new StreamedAnswer({
      send: (listener) => exchange(this.pool, { path: this.path, method: 'POST', headers: this.headers, body: this.body(request) }, listener),
      timeoutMs: this.timeoutMs,
      url: this.url.href,
      signal: request.signal,
      heard,
    }).done;
  }

  /** Opens a connection to the model server ahead of a call's first answer (see WarmModelConnections). */
  warmUp(): Promise<void> {
    return this.warm.open();
  }

  /** Closes the connections to the model server; an answer still streaming ends as the model's failure. */
  async close(): Promise<void> {
    this.warm.destroy();
    await this.pool.destroy();
  }

  private body(request: ChatRequest): string {
    return JSON.stringify({
      model: request.model ?? this.options.model,
      stream: true,
      messages: request.messages.map(wireMessage),
      ...(request.tools.length > 0 ? { tools: request.tools.map((tool) => ({ type: 'function', function: { ...tool } })) } : {}),
      ...(request.responseFormat
        ? { response_format: { type: 'json_schema', json_schema: { name: request.responseFormat.name, schema: request.responseFormat.schema, strict: false } } }
        : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
    });
  }
}
