import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  LanguageModelFailure,
  type ChatChunk,
  type ChatMessage,
  type ChatRequest,
  type LanguageModel,
} from '../../application/ports/language-model.js';
import { ChatChunks, SsePayloads } from './chat-completion-stream.js';
import { FlowingBody } from './flowing-body.js';

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
const TIMED_OUT = Symbol('timed out');

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

const causeOf = (error: unknown): string => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : typeof message === 'string' ? message : String(error);
};

/**
 * One request to the model. Stopping it closes the connection unless its answer was already
 * read to the end: that connection is back in the agent's pool, serving another answer.
 */
const exchange = (url: URL, body: string, apiKey: string | null) => {
  const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      accept: 'text/event-stream',
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
  });
  let answer: IncomingMessage | null = null;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    // `on`, not `once`: stopping mid-answer errs the request again (the body's reader hears it).
    request.once('response', resolve).on('error', reject).end(body);
  }).then((received) => {
    // While the body is read, its iterator reports the body's errors; once reading stopped, the
    // stop that closes the connection errs it again, and that has no one left to tell.
    received.on('error', () => undefined);
    return (answer = received);
  });
  const stop = (reason: unknown) => {
    if (!answer?.complete) request.destroy(new Error(`stopped: ${String(reason)}`));
  };
  return { response, stop };
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
 * Streaming chat completions (`POST {baseUrl}/chat/completions`, `stream: true`, function
 * tools), the dialect OpenAI, vLLM, Ollama (`/v1`) and llama.cpp's server all speak. Aborting
 * the request's signal closes the connection, so the server stops generating.
 */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  private readonly url: URL;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
    if (request.signal.aborted) return;
    const controller = new AbortController();
    const onAbort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', onAbort, { once: true });
    // One timer for the whole answer, pushed back as each piece arrives (not one per piece).
    const timer = setTimeout(() => controller.abort(TIMED_OUT), this.timeoutMs);
    const failure = (error: unknown): LanguageModelFailure =>
      controller.signal.reason === TIMED_OUT
        ? new LanguageModelFailure('timeout', `the model sent nothing for ${this.timeoutMs} ms`)
        : error instanceof LanguageModelFailure
          ? error
          : new LanguageModelFailure('network', `could not reach the model at ${this.url.href}: ${causeOf(error)}`);
    let finished = false;
    try {
      const model = exchange(this.url, this.body(request), this.options.apiKey);
      controller.signal.addEventListener('abort', () => model.stop(controller.signal.reason), { once: true });
      const response = await model.response;
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        const excerpt = await excerptOf(response);
        throw new LanguageModelFailure('http', `the model answered HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`);
      }
      // Bytes to payloads to chunks synchronously, within this one generator: each token crosses
      // a single await on its way to the caller.
      const payloads = new SsePayloads();
      const chunks = new ChatChunks();
      const body = new FlowingBody(response);
      for (let bytes = await body.read(); bytes !== null; bytes = await body.read()) {
        timer.refresh();
        for (const chunk of chunks.readEach(payloads.push(bytes))) {
          if (request.signal.aborted) return;
          yield chunk;
        }
        if (chunks.done) break;
      }
      for (const chunk of chunks.finish(payloads.end())) {
        if (request.signal.aborted) return;
        yield chunk;
      }
      finished = true;
      // Whatever follows `[DONE]` is read and dropped, so the connection can serve the next answer.
      body.drop();
    } catch (error) {
      if (request.signal.aborted) return;
      throw failure(error);
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      // Stopped early (the reader went away): close the connection, the server stops generating.
      if (!finished && !controller.signal.aborted) controller.abort('stopped');
    }
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
