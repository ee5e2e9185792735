import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleLanguageModel } from '../../../src/adapters/openai-compatible/openai-compatible-language-model.js';
import { LanguageModelFailure, type ChatChunk, type ChatRequest } from '../../../src/application/ports/language-model.js';
import { answer, failure, FakeChatCompletions, hang, pause, raw, structured, text, toolCall } from '../../support/fake-chat-completions.js';

const TOOLS = [{ name: 'press_digits', description: 'Press keys.', parameters: { type: 'object', properties: { digits: { type: 'string' } } } }];

describe(OpenAiCompatibleLanguageModel.name, () => {
  let fake: FakeChatCompletions;
  let sut: OpenAiCompatibleLanguageModel;
  beforeEach(async () => {
    fake = await FakeChatCompletions.start();
    sut = new OpenAiCompatibleLanguageModel({ baseUrl: fake.url, apiKey: 'sk-test-key', model: 'test-model', timeoutMs: 300 });
  });
  afterEach(async () => {
    await sut.close();
    await fake.stop();
  });

  const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Call sales.' },
    ],
    tools: TOOLS,
    signal: new AbortController().signal,
    ...overrides,
  });
  const collect = async (req: ChatRequest = request()) => {
    const chunks: ChatChunk[] = [];
    await sut.stream(req, (heard) => chunks.push(...heard));
    return chunks;
  };
  const failureOf = async (req: ChatRequest = request()) => {
    try {
      await collect(req);
    } catch (error) {
      return error;
    }
    throw new Error('expected the stream to fail');
  };

  it('asks for structured output with the schema given, and streams the JSON text back', async () => {
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    fake.reply(structured({ summary: 'Booked.' }));

    const chunks = await collect(request({ tools: [], responseFormat: { name: 'call_analysis', schema } }));

    expect(chunks.map((c) => (c.type === 'text' ? c.delta : '')).join('')).toBe('{"summary":"Booked."}');
    expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'call_analysis', schema, strict: false } });
    expect(fake.requests[0]!.body.tools).toBeUndefined();
  });

  it('streams text deltas, then tool calls whose arguments came in pieces', async () => {
    fake.reply(answer(text('Sure,'), text(' one moment.'), toolCall('press_digits', { digits: '12#' }, 4)));

    const chunks = await collect();

    expect(chunks).toEqual([
      { type: 'text', delta: 'Sure,' },
      { type: 'text', delta: ' one moment.' },
      { type: 'tool_call', call: { id: 'call_fake_0', name: 'press_digits', arguments: { digits: '12#' } } },
    ]);
  });

  it('posts the model, the messages, the tools and the key to {base}/chat/completions, streaming', async () => {
    await collect(
      request({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'press_digits', arguments: { digits: '1' } }] },
          { role: 'tool', toolCallId: 'call_1', content: 'Pressed 1.' },
        ],
      }),
    );

    const [sent] = fake.requests;
    expect(sent!.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent!.body).toEqual({
      model: 'test-model',
      stream: true,
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'press_digits', arguments: '{"digits":"1"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Pressed 1.' },
      ],
      tools: [{ type: 'function', function: TOOLS[0] }],
    });
  });

  it('sends no Authorization header without a key (Ollama, a local vLLM)', async () => {
    sut = new OpenAiCompatibleLanguageModel({ baseUrl: `${fake.url}/`, apiKey: null, model: 'llama3.1' });

    await collect(request({ tools: [] }));

    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests[0]!.body.tools).toBeUndefined();
  });

  it('fails with the status and the start of the body when the server answers an error', async () => {
    fake.reply(failure(500, { error: { message: 'model overloaded' } }));

    const error = await failureOf();

    expect(error).toBeInstanceOf(LanguageModelFailure);
    expect(error).toMatchObject({ kind: 'http', message: expect.stringContaining('HTTP 500') });
    expect((error as Error).message).toContain('model overloaded');
  });

  it.each([
    ['not JSON', '{"choices":[{"delta":{"content":"cut', /an event that is not JSON/],
    ['text that is not a string', '{"choices":[{"delta":{"content":42}}]}', /whose choices\.0\.delta\.content does not fit/],
    ['choices that are not a list', '{"choices":{"delta":{}}}', /whose choices does not fit/],
    ['a tool call piece without an object', '{"choices":[{"delta":{"tool_calls":["press"]}}]}', /whose choices\.0\.delta\.tool_calls\.0 does not fit/],
  ])('fails as a protocol error on a chunk with %s, after the text before it', async (_, payload, reason) => {
    fake.reply(answer(text('Sure,'), raw(payload), text(' never read.')));
    const chunks: ChatChunk[] = [];

    let error: unknown = null;
    try {
      await sut.stream(request(), (heard) => chunks.push(...heard));
    } catch (caught) {
      error = caught;
    }

    expect(chunks).toEqual([{ type: 'text', delta: 'Sure,' }]);
    expect(error).toBeInstanceOf(LanguageModelFailure);
    expect(error).toMatchObject({ kind: 'protocol', message: expect.stringMatching(reason) });
  });

  it('times out when nothing comes, and closes the connection', async () => {
    fake.reply(answer(hang()));

    const error = await failureOf();
    await fake.requests[0]!.closed;

    expect(error).toMatchObject({ kind: 'timeout' });
    expect(fake.requests[0]!.closedByClient).toBe(true);
  });

  it('times out when the stream stalls after its first token', async () => {
    fake.reply(answer(text('Let me see'), pause(1000), text(' more.')));

    const error = await failureOf();

    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('ends quietly and closes the connection when the request is aborted mid-answer', async () => {
    const controller = new AbortController();
    fake.reply(answer(text('A long answer.'), hang()));
    const chunks: ChatChunk[] = [];

    await sut.stream(request({ signal: controller.signal }), (heard) => {
      chunks.push(...heard);
      controller.abort('barge-in');
    });
    await fake.requests[0]!.closed;

    expect(chunks).toEqual([{ type: 'text', delta: 'A long answer.' }]);
    expect(fake.requests[0]!.closedByClient).toBe(true);
  });

  it('fails with the hearer’s own error, hears nothing more and closes the connection when the hearer throws', async () => {
    fake.reply(answer(text('One.'), text(' Two.'), hang()));
    const heard: ChatChunk[] = [];
    const broken = new Error('the hearer broke');

    const outcome = sut.stream(request(), (chunks) => {
      heard.push(...chunks);
      throw broken;
    });

    await expect(outcome).rejects.toBe(broken);
    await fake.requests[0]!.closed;
    expect(heard).toEqual([{ type: 'text', delta: 'One.' }]);
    expect(fake.requests[0]!.closedByClient).toBe(true);
  });

  it('keeps the connection of an answer read to its end for the next answer', async () => {
    fake.reply(answer(text('First.')));
    fake.reply(answer(text('Second.')));

    expect(await collect()).toEqual([{ type: 'text', delta: 'First.' }]);
    // The pool takes a connection back once the event loop turns (a caller's next turn is seconds away).
    await new Promise((resolve) => setImmediate(resolve));
    expect(await collect()).toEqual([{ type: 'text', delta: 'Second.' }]);

    expect(fake.requests[1]!.clientPort).toBe(fake.requests[0]!.clientPort);
    expect(fake.requests[0]!.closedByClient).toBe(false);
  });

  it('closes the connections it kept for later answers when closed', async () => {
    fake.reply(answer(text('First.')));
    await collect();

    await sut.close();

    // Settles only once the kept-alive connection is gone.
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedByClient).toBe(false);
  });

  it('hands over what one read brought in one call, every chunk in order', async () => {
    const words = Array.from({ length: 150 }, (_, i) => ` w${i}`);
    fake.reply(answer(raw(words.map((w) => JSON.stringify({ choices: [{ delta: { content: w } }] })).join('\n\ndata: '))));
    const batches: (readonly ChatChunk[])[] = [];

    await sut.stream(request(), (chunks) => batches.push(chunks));

    expect(batches.flat().map((c) => (c.type === 'text' ? c.delta : '')).join('')).toBe(words.join(''));
    // Written at once, the 150 events arrive in a read or a few, each read's chunks as one batch.
    expect(batches.length).toBeLessThan(words.length);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
  });

  it('fails as unreachable when nothing listens at the base URL', async () => {
    await fake.stop();

    const error = await failureOf();

    expect(error).toMatchObject({ kind: 'network', message: expect.stringContaining('could not reach the model') });
  });
});
