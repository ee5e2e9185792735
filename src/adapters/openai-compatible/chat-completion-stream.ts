import * as E from 'fp-ts/lib/Either.js';
import { LanguageModelFailure, type ChatChunk, type ToolCall } from '../../application/ports/language-model.js';
import { decodeChunk, type ToolCallPiece } from './chat-completion-chunk.js';

/** Splits a Server-Sent Events body into the payloads of its `data:` lines (one per event). */
export async function* ssePayloads(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const lines = function* (text: string, final: boolean) {
    buffer += text;
    let end = buffer.search(/\r?\n/);
    while (end !== -1) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(buffer[end] === '\r' ? end + 2 : end + 1);
      end = buffer.search(/\r?\n/);
    }
    if (final && buffer !== '') {
      yield buffer;
      buffer = '';
    }
    if (final) yield '';
  };
  const take = function* (text: string, final: boolean) {
    for (const line of lines(text, final)) {
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line[5] === ' ' ? 6 : 5));
      }
      // `event:`, `id:`, `retry:` and `:` comments carry nothing we need.
    }
  };
  for await (const bytes of body) yield* take(decoder.decode(bytes, { stream: true }), false);
  yield* take(decoder.decode(), true);
}

interface PartialToolCall {
  id: string | null;
  name: string;
  arguments: string;
}

const argumentsOf = (raw: unknown): Readonly<Record<string, unknown>> => {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * Reads the chunks of a streamed chat completion (`choices[0].delta`): text as it comes, tool
 * calls once complete. Their arguments arrive in pieces keyed by `index`; a call is complete
 * when the choice finishes or the stream ends (`data: [DONE]`, or the body closing).
 */
export async function* chatChunks(payloads: AsyncIterable<string>): AsyncGenerator<ChatChunk> {
  const pending = new Map<number, PartialToolCall>();
  const flush = function* (): Generator<ChatChunk> {
    for (const [index, call] of [...pending.entries()].sort(([a], [b]) => a - b)) {
      if (call.name === '') continue;
      const complete: ToolCall = { id: call.id ?? `call_${index}`, name: call.name, arguments: argumentsOf(call.arguments) };
      yield { type: 'tool_call', call: complete };
    }
    pending.clear();
  };
  for await (const payload of payloads) {
    if (payload.trim() === '[DONE]') break;
    const decoded = decodeChunk(payload);
    // A chunk that does not fit ends the answer as a failure (the caller hears the apology), never a crash.
    if (E.isLeft(decoded)) throw new LanguageModelFailure('protocol', `the model sent an event ${decoded.left}: ${payload.slice(0, 200)}`);
    const event = decoded.right;
    if (event.error) {
      const error = event.error as { message?: unknown };
      throw new LanguageModelFailure('http', `the model reported an error: ${String(error.message ?? JSON.stringify(event.error)).slice(0, 300)}`);
    }
    const choice = event.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string' && delta.content !== '') yield { type: 'text', delta: delta.content };
    delta.tool_calls?.forEach((piece: ToolCallPiece, position) => {
      const index = piece.index ?? position;
      const call = pending.get(index) ?? { id: null, name: '', arguments: '' };
      if (typeof piece.id === 'string' && piece.id !== '') call.id = piece.id;
      const name = piece.function?.name;
      // Names come whole in one piece; some servers repeat them in every piece.
      if (typeof name === 'string' && name !== call.name) call.name += name;
      const args = piece.function?.arguments;
      if (typeof args === 'string') call.arguments += args;
      else if (typeof args === 'object' && args !== null) call.arguments = JSON.stringify(args);
      pending.set(index, call);
    });
    if (typeof choice.finish_reason === 'string') yield* flush();
  }
  yield* flush();
}
