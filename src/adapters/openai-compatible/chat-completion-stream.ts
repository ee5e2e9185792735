import * as E from 'fp-ts/lib/Either.js';
import { LanguageModelFailure, type ChatChunk, type ToolCall } from '../../application/ports/language-model.js';
import { decodeChunk, type ToolCallPiece } from './chat-completion-chunk.js';

const NEWLINE = 0x0a;
const BOM = [0xef, 0xbb, 0xbf] as const;

const bufferOf = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/**
 * Cuts a Server-Sent Events body into the payloads of its `data:` lines (one per event), as the
 * bytes come. Synchronous on purpose: a streamed answer passes every token through here, and a
 * chain of async generators cost a promise per layer per token.
 *
 * The bytes are decoded a whole line at a time (a newline byte never falls inside a character
 * in UTF-8), so no streaming decoder is needed: a `TextDecoder` per answer was a native
 * converter behind a weak handle, which made every minor garbage collection slower.
 */
export class SsePayloads {
  /** The bytes of a line not yet ended (rare: a read that stops mid-line). */
  private partial: Buffer | null = null;
  private started = false;
  /** The event's `data:` lines so far: the first alone (nearly every event has one line), the rest after it. */
  private data: string | null = null;
  private moreData: string[] | null = null;

  /** The payloads the events completed by `bytes` carry. */
  push(bytes: Uint8Array): string[] {
    let read = bufferOf(bytes);
    if (this.partial) read = Buffer.concat([this.partial, read]);
    if (!this.started) {
      if (read.length < BOM.length && BOM.slice(0, read.length).every((byte, i) => read[i] === byte)) {
        this.partial = Buffer.from(read);
        return [];
      }
      this.started = true;
      if (read[0] === BOM[0] && read[1] === BOM[1] && read[2] === BOM[2]) read = read.subarray(BOM.length);
    }
    const lineEnd = read.lastIndexOf(NEWLINE);
    // Kept as a copy: a view would hold on to the whole of the read it came in.
    this.partial = lineEnd + 1 < read.length ? Buffer.from(read.subarray(lineEnd + 1)) : null;
    return lineEnd === -1 ? [] : this.take(read.toString('utf8', 0, lineEnd + 1), false);
  }

  /** The body ended: what a last unterminated event carried. */
  end(): string[] {
    const rest = this.partial?.toString('utf8') ?? '';
    this.partial = null;
    return this.take(rest, true);
  }

  /** The payloads `text`'s lines complete; `final`: the body ended, its last line and event with it. */
  private take(text: string, final: boolean): string[] {
    const payloads: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.line(text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end), payloads);
      start = end + 1;
    }
    if (final) {
      if (start < text.length) this.line(text.slice(start), payloads);
      this.line('', payloads);
    }
    return payloads;
  }

  private line(line: string, payloads: string[]): void {
    if (line === '') {
      if (this.data !== null) payloads.push(this.moreData ? [this.data, ...this.moreData].join('\n') : this.data);
      this.data = null;
      this.moreData = null;
    } else if (line.startsWith('data:')) {
      const data = line.slice(line[5] === ' ' ? 6 : 5);
      if (this.data === null) this.data = data;
      else (this.moreData ??= []).push(data);
    }
    // `event:`, `id:`, `retry:` and `:` comments carry nothing we need.
  }
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

const NOTHING: readonly ChatChunk[] = [];

/**
 * Reads the chunks of a streamed chat completion (`choices[0].delta`): text as it comes, tool
 * calls once complete. Their arguments arrive in pieces keyed by `index`; a call is complete
 * when the choice finishes or the stream ends (`data: [DONE]`, or the body closing).
 */
export class ChatChunks {
  /** Tool calls gathering, by index; made on the first piece (most answers have none). */
  private pending: Map<number, PartialToolCall> | null = null;
  private finished = false;

  /** True once `data: [DONE]` came: nothing after it is read. */
  get done(): boolean {
    return this.finished;
  }

  /** The chunks one payload gives; throws a protocol failure on one that does not fit. */
  read(payload: string): readonly ChatChunk[] {
    if (this.finished) return NOTHING;
    if (payload.trim() === '[DONE]') return this.end();
    const decoded = decodeChunk(payload);
    // A chunk that does not fit ends the answer as a failure (the caller hears the apology), never a crash.
    if (E.isLeft(decoded)) throw new LanguageModelFailure('protocol', `the model sent an event ${decoded.left}: ${payload.slice(0, 200)}`);
    const event = decoded.right;
    if (event.error) {
      const error = event.error as { message?: unknown };
      throw new LanguageModelFailure('http', `the model reported an error: ${String(error.message ?? JSON.stringify(event.error)).slice(0, 300)}`);
    }
    const choice = event.choices?.[0];
    if (!choice) return NOTHING;
    const delta = choice.delta ?? {};
    delta.tool_calls?.forEach((piece: ToolCallPiece, position) => this.gather(piece, position));
    const text: readonly ChatChunk[] = typeof delta.content === 'string' && delta.content !== '' ? [{ type: 'text', delta: delta.content }] : NOTHING;
    return typeof choice.finish_reason === 'string' ? [...text, ...this.flush()] : text;
  }

  /** The chunks of `payloads`, read one payload at a time: a failure comes after the chunks before it. */
  *readEach(payloads: Iterable<string>): Generator<ChatChunk> {
    for (const payload of payloads) yield* this.read(payload);
  }

  /** The body ended: the chunks of its last `payloads`, then the tool calls still gathering. */
  *finish(payloads: Iterable<string>): Generator<ChatChunk> {
    yield* this.readEach(payloads);
    yield* this.end();
  }

  /** The stream ended (`[DONE]` or the body closing): the tool calls still gathering are complete. */
  end(): readonly ChatChunk[] {
    if (this.finished) return NOTHING;
    this.finished = true;
    return this.flush();
  }

  private gather(piece: ToolCallPiece, position: number): void {
    const index = piece.index ?? position;
    const pending = (this.pending ??= new Map());
    const call = pending.get(index) ?? { id: null, name: '', arguments: '' };
    if (typeof piece.id === 'string' && piece.id !== '') call.id = piece.id;
    const name = piece.function?.name;
    // Names come whole in one piece; some servers repeat them in every piece.
    if (typeof name === 'string' && name !== call.name) call.name += name;
    const args = piece.function?.arguments;
    if (typeof args === 'string') call.arguments += args;
    else if (typeof args === 'object' && args !== null) call.arguments = JSON.stringify(args);
    pending.set(index, call);
  }

  private flush(): readonly ChatChunk[] {
    if (!this.pending || this.pending.size === 0) return NOTHING;
    const complete: ChatChunk[] = [];
    for (const [index, call] of [...this.pending.entries()].sort(([a], [b]) => a - b)) {
      if (call.name === '') continue;
      const toolCall: ToolCall = { id: call.id ?? `call_${index}`, name: call.name, arguments: argumentsOf(call.arguments) };
      complete.push({ type: 'tool_call', call: toolCall });
    }
    this.pending.clear();
    return complete;
  }
}
