import { describe, expect, it } from 'vitest';
import { StreamedAnswer, type ExchangeListener } from '../../../../src/adapters/openai-compatible/streamed-answer.js';
import { LanguageModelFailure, type ChatChunk } from '../../../../src/application/ports/language-model.js';

const event = (content: string) => Buffer.from(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);

/** An answer whose exchange is driven by hand: `exchange` is what the transport would tell it. */
const answerDrivenByHand = () => {
  let exchange!: ExchangeListener;
  const stops: unknown[] = [];
  const heard: ChatChunk[] = [];
  const answer = new StreamedAnswer({
    send: (listener) => {
      exchange = listener;
      return { stop: (reason) => stops.push(reason) };
    },
    timeoutMs: 60_000,
    url: 'http://model.test/v1/chat/completions',
    signal: new AbortController().signal,
    heard: (chunks) => heard.push(...chunks),
  });
  return { answer, exchange, stops, heard };
};

describe(StreamedAnswer.name, () => {
  it('reads the answer after an informational status (103 Early Hints) as the answer', async () => {
    const { answer, exchange, stops, heard } = answerDrivenByHand();

    exchange.started(103);
    exchange.started(200);
    exchange.read(event('Hello.'));
    exchange.ended();

    await expect(answer.done).resolves.toBeUndefined();
    expect(heard).toEqual([{ type: 'text', delta: 'Hello.' }]);
    expect(stops).toEqual([]);
  });

  it('fails with the status and the start of the body of an error, read to its end or to enough of it', async () => {
    const { answer, exchange } = answerDrivenByHand();

    exchange.started(429);
    exchange.read(Buffer.from('{"error":{"message":"rate limited"}}'));
    exchange.ended();

    const error = await answer.done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LanguageModelFailure);
    expect(error).toMatchObject({ kind: 'http', message: 'the model answered HTTP 429: {"error":{"message":"rate limited"}}' });
  });

  it('stops reading an error body once it has enough for the excerpt, closing the connection', async () => {
    const { answer, exchange, stops } = answerDrivenByHand();

    exchange.started(500);
    exchange.read(Buffer.alloc(5000, 'x'));

    const error = await answer.done.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', message: `the model answered HTTP 500: ${'x'.repeat(300)}` });
    expect(stops).toEqual(['stopped']);
  });

  it('keeps the connection of an answer that said [DONE], and hears nothing the exchange reports after it', async () => {
    const { answer, exchange, stops, heard } = answerDrivenByHand();

    exchange.started(200);
    exchange.read(Buffer.concat([event('Done.'), Buffer.from('data: [DONE]\n\n')]));
    exchange.read(event('late'));
    exchange.failed(new Error('socket closed'));

    await expect(answer.done).resolves.toBeUndefined();
    expect(heard).toEqual([{ type: 'text', delta: 'Done.' }]);
    expect(stops).toEqual([]);
  });
});
