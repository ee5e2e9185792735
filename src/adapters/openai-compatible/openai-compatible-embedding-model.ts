import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { Pool } from 'undici';
import type { EmbeddingModel, Embeddings } from '../../application/ports/embedding-model.js';

export interface OpenAiCompatibleEmbeddingOptions {
  /** Up to the version segment: `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer …` when given; never logged. */
  readonly apiKey: string | null;
  readonly model: string;
  /** The longest wait for the whole answer. */
  readonly timeoutMs: number;
}

/** The part of `/v1/embeddings`' answer read: each input's vector and its place among the inputs. */
const EmbeddingsAnswer = t.type({ data: t.array(t.type({ index: t.number, embedding: t.array(t.number) })) });

/**
 * Embeddings over HTTP (`POST {baseUrl}/embeddings`), the dialect OpenAI, vLLM, Ollama (`/v1`)
 * and llama.cpp's server all speak, on undici's pool like the chat model: the operator's model
 * server, kept connected between requests.
 */
export class OpenAiCompatibleEmbeddingModel implements EmbeddingModel {
  readonly name: string;
  private readonly url: URL;
  private readonly pool: Pool;
  private readonly headers: Record<string, string>;

  constructor(private readonly options: OpenAiCompatibleEmbeddingOptions) {
    this.name = options.model;
    this.url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/embeddings`);
    this.pool = new Pool(this.url.origin, { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
    this.headers = { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  }

  async embed(texts: readonly string[]): Promise<Embeddings> {
    if (texts.length === 0) return { ok: true, vectors: [] };
    try {
      const answer = await this.pool.request({
        path: this.url.pathname + this.url.search,
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify({ model: this.options.model, input: texts, encoding_format: 'float' }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await answer.body.text();
      if (answer.statusCode < 200 || answer.statusCode >= 300) return { ok: false, reason: `HTTP ${answer.statusCode} from ${this.url.href}: ${text.slice(0, 200)}` };
      const decoded = EmbeddingsAnswer.decode(JSON.parse(text));
      if (E.isLeft(decoded)) return { ok: false, reason: `an answer of ${this.url.href} without data[].embedding` };
      const vectors: Float32Array[] = [];
      for (const item of decoded.right.data) vectors[item.index] = Float32Array.from(item.embedding);
      if (vectors.length !== texts.length || Array.from(vectors).some((v) => v === undefined)) return { ok: false, reason: `${decoded.right.data.length} vectors for ${texts.length} texts` };
      return { ok: true, vectors };
    } catch (error) {
      return { ok: false, reason: `${this.url.href}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
