import {
  LanguageModelFailure,
  type ChatChunk,
  type ChatMessage,
  type ChatRequest,
  type LanguageModel,
} from '../../application/ports/language-model.js';
import { chatChunks, ssePayloads } from './chat-completion-stream.js';

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
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
};

/**
 * Streaming chat completions (`POST {baseUrl}/chat/completions`, `stream: true`, function
 * tools), the dialect OpenAI, vLLM, Ollama (`/v1`) and llama.cpp's server all speak. Aborting
 * the request's signal closes the connection, so the server stops generating.
 */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
    if (request.signal.aborted) return;
    const controller = new AbortController();
    const onAbort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(TIMED_OUT), this.timeoutMs);
    };
    const failure = (error: unknown): LanguageModelFailure =>
      controller.signal.reason === TIMED_OUT
        ? new LanguageModelFailure('timeout', `the model sent nothing for ${this.timeoutMs} ms`)
        : error instanceof LanguageModelFailure
          ? error
          : new LanguageModelFailure('network', `could not reach the model at ${this.url}: ${causeOf(error)}`);
    let finished = false;
    try {
      watch();
      const response = await fetch(this.url, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          stream: true,
          messages: request.messages.map(wireMessage),
          ...(request.tools.length > 0
            ? { tools: request.tools.map((tool) => ({ type: 'function', function: { ...tool } })) }
            : {}),
          ...(request.responseFormat
            ? { response_format: { type: 'json_schema', json_schema: { name: request.responseFormat.name, schema: request.responseFormat.schema, strict: false } } }
            : {}),
        }),
      });
      if (!response.ok || !response.body) {
        const excerpt = (await response.text().catch(() => '')).slice(0, 300);
        throw new LanguageModelFailure('http', `the model answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
      }
      const body = response.body as unknown as AsyncIterable<Uint8Array>;
      const watched = (async function* () {
        for await (const bytes of body) {
          watch();
          yield bytes;
        }
      })();
      for await (const chunk of chatChunks(ssePayloads(watched))) {
        if (request.signal.aborted) return;
        yield chunk;
      }
      finished = true;
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
}
