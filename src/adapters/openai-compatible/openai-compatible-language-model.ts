import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import {
  type ChatMessage,
  type ChatRequest,
  type ChunksHeard,
  type LanguageModel,
} from '../../application/ports/language-model.js';
import { StreamedAnswer, type ModelExchange } from './streamed-answer.js';

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

/** Where and how every request goes, worked out once: a URL handed to `request` is taken apart again each time. */
interface Endpoint {
  readonly send: typeof httpRequest;
  readonly target: RequestOptions;
  readonly authorization: string | null;
}

const endpointOf = (url: URL, apiKey: string | null): Endpoint => ({
  send: url.protocol === 'https:' ? httpsRequest : httpRequest,
  target: { ...urlToHttpOptions(url), method: 'POST' },
  authorization: apiKey ? `Bearer ${apiKey}` : null,
});

/**
 * One request to the model. Stopping it closes the connection unless its answer was already
 * read to the end: that connection is back in the agent's pool, serving another answer.
 */
const exchange = (endpoint: Endpoint, body: string): ModelExchange => {
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    accept: 'text/event-stream',
  };
  if (endpoint.authorization) headers.authorization = endpoint.authorization;
  const request = endpoint.send({ ...endpoint.target, headers });
  let answer: IncomingMessage | null = null;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    // `on`, not `once`: stopping mid-answer errs the request again (the body's reader hears it).
    request.once('response', resolve).on('error', reject);
  }).then((received) => {
    // While the body is read, its iterator reports the body's errors; once reading stopped, the
    // stop that closes the connection errs it again, and that has no one left to tell.
    received.on('error', () => undefined);
    return (answer = received);
  });
  const stop = (reason: unknown) => {
    if (!answer?.complete) request.destroy(new Error(`stopped: ${String(reason)}`));
  };
  // Sent here, not from a closure above: every closure made in this function shares one scope,
  // and `stop` lives as long as the answer; had one of them named the body, it would too.
  request.end(body);
  return { response, stop };
};

/**
 * Streaming chat completions (`POST {baseUrl}/chat/completions`, `stream: true`, function
 * tools), the dialect OpenAI, vLLM, Ollama (`/v1`) and llama.cpp's server all speak. Aborting
 * the request's signal closes the connection, so the server stops generating.
 */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  private readonly url: URL;
  private readonly endpoint: Endpoint;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    this.endpoint = endpointOf(this.url, options.apiKey);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  }

  stream(request: ChatRequest, heard: ChunksHeard): Promise<void> {
    return new StreamedAnswer({
      send: () => exchange(this.endpoint, this.body(request)),
      timeoutMs: this.timeoutMs,
      url: this.url.href,
      signal: request.signal,
      heard,
    }).done;
  }

  private body(request: ChatRequest): string {
    return JSON.stringify({
      model: this.options.model,
      stream: true,
      messages: request.messages.map(wireMessage),
      ...(request.tools.length > 0 ? { tools: request.tools.map((tool) => ({ type: 'function', function: { ...tool } })) } : {}),
      ...(request.responseFormat
        ? { response_format: { type: 'json_schema', json_schema: { name: request.responseFormat.name, schema: request.responseFormat.schema, strict: false } } }
        : {}),
    });
  }
}
