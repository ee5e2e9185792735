import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Dimensions of the test model's vectors. */
export const TEST_EMBEDDING_DIMENSIONS = 256;

const STOP = new Set('a an and are as at be by can do does for from how i if in is it me my of on or so the to what when where who why will with you your'.split(' '));

const bucketOf = (feature: string): number => createHash('md5').update(feature).digest().readUInt32LE(0) % TEST_EMBEDDING_DIMENSIONS;

/**
 * A deterministic stand-in for an embedding model: a hashed bag of a text's words (their first
 * five letters, a crude stem) and of its words' character trigrams, normalised. Texts that share
 * words or word parts come out near each other, as they would with a real model, only cruder.
 */
export const testEmbeddingOf = (text: string): number[] => {
  const vector = new Array<number>(TEST_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP.has(word)) continue;
    vector[bucketOf(`w:${word.slice(0, 5)}`)]! += 2;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) vector[bucketOf(`t:${padded.slice(i, i + 3)}`)]! += 0.5;
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0)) || 1;
  return vector.map((x) => x / norm);
};

/** A local OpenAI-compatible `/v1/embeddings` answering with {@link testEmbeddingOf}; `failing` makes it answer 503. */
export interface FakeEmbeddings {
  readonly baseUrl: string;
  /** Texts embedded so far, in order. */
  readonly requests: string[][];
  failing: boolean;
  close(): Promise<void>;
}

export const aFakeEmbeddingsServer = async (): Promise<FakeEmbeddings> => {
  const fake: { requests: string[][]; failing: boolean } = { requests: [], failing: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
      if (fake.failing) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      const { input } = JSON.parse(body) as { input: string[] };
      fake.requests.push(input);
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: testEmbeddingOf(text) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: 'test-embedding' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};
