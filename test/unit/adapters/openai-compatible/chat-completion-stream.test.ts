import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChatChunks, SsePayloads } from '../../../../src/adapters/openai-compatible/chat-completion-stream.js';
import { LanguageModelFailure } from '../../../../src/application/ports/language-model.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Every payload `body` yields when it arrives cut at `cuts` (byte offsets). */
const payloadsOf = (body: Uint8Array, cuts: readonly number[] = []): string[] => {
  const sse = new SsePayloads();
  const out: string[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    out.push(...sse.push(body.subarray(from, cut)));
    from = cut;
  }
  out.push(...sse.push(body.subarray(from)), ...sse.end());
  return out;
};

describe(SsePayloads.name, () => {
  it('yields one payload per event, joining its data lines and skipping comments and other fields', () => {
    const body = bytes(': keep-alive\n\nevent: message\nid: 7\ndata: {"a":1}\n\ndata: first\ndata: second\n\n');

    expect(payloadsOf(body)).toEqual(['{"a":1}', 'first\nsecond']);
  });

  it('reads CRLF line ends, data without the space, and a last event the body ends without a blank line', () => {
    expect(payloadsOf(bytes('data:one\r\n\r\ndata: two'))).toEqual(['one', 'two']);
  });

  it('yields the same payloads however the bytes are cut, inside a line or a multi-byte character', () => {
    const body = bytes('data: {"content":"Grüße, señor 👋"}\n\ndata: [DONE]\n\n');
    const whole = payloadsOf(body);

    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: body.length }), { maxLength: 12 }), (cuts) => {
        expect(payloadsOf(body, cuts)).toEqual(whole);
      }),
    );
    expect(whole).toEqual(['{"content":"Grüße, señor 👋"}', '[DONE]']);
  });

  it('drops a byte order mark at the start of the body, however it is cut, and keeps one anywhere else', () => {
    const body = bytes('\uFEFFdata: one\n\ndata: \uFEFFtwo\n\n');

    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: body.length }), { maxLength: 6 }), (cuts) => {
        expect(payloadsOf(body, cuts)).toEqual(['one', '\uFEFFtwo']);
      }),
    );
  });
});

describe(ChatChunks.name, () => {
  const chunk = (delta: object, finish: string | null = null) => JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] });

  it('gives text as it comes and a tool call once its choice finishes', () => {
    const sut = new ChatChunks();

    expect(sut.read(chunk({ content: 'One moment.' }))).toEqual([{ type: 'text', delta: 'One moment.' }]);
    expect(sut.read(chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'press_digits', arguments: '{"dig' } }] }))).toEqual([]);
    expect(sut.read(chunk({ tool_calls: [{ index: 0, function: { arguments: 'its":"12#"}' } }] }, 'tool_calls'))).toEqual([
      { type: 'tool_call', call: { id: 'call_1', name: 'press_digits', arguments: { digits: '12#' } } },
    ]);
  });

  it('completes the calls still gathering at [DONE], and reads nothing after it', () => {
    const sut = new ChatChunks();
    sut.read(chunk({ tool_calls: [{ index: 0, function: { name: 'end_call', arguments: '{}' } }] }));

    expect(sut.read('[DONE]')).toEqual([{ type: 'tool_call', call: { id: 'call_0', name: 'end_call', arguments: {} } }]);
    expect(sut.done).toBe(true);
    expect(sut.read(chunk({ content: 'late' }))).toEqual([]);
    expect(sut.end()).toEqual([]);
  });

  it('takes null wherever servers send it for nothing: the delta, its content and tool calls, the finish reason', () => {
    const sut = new ChatChunks();

    expect(sut.read('{"choices":[{"delta":null,"finish_reason":null}]}')).toEqual([]);
    expect(sut.read('{"choices":[{"delta":{"content":null,"tool_calls":null},"finish_reason":null}]}')).toEqual([]);
    expect(sut.read('{"choices":[{"delta":{"content":"Hi","tool_calls":null}}]}')).toEqual([{ type: 'text', delta: 'Hi' }]);
    expect(sut.read('{"choices":null}')).toEqual([]);
  });

  it('fails as a protocol error, naming where, on a chunk that does not fit', () => {
    const sut = new ChatChunks();

    expect(() => sut.read('{"choices":[{"delta":{"content":42}}]}')).toThrow(LanguageModelFailure);
    expect(() => sut.read('{"choices":[{"delta":{"content":42}}]}')).toThrow(/choices\.0\.delta\.content does not fit/);
    expect(() => sut.read('{"choices":')).toThrow(/not JSON/);
  });
});
