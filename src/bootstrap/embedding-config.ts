import { IntegerFromEnv, optional, UrlFromEnv } from './config-codecs.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Knowledge bases' embedding model, as the configuration keeps it. */
export interface EmbeddingConfig {
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  readonly timeoutMs: number;
}

const text = (raw: string | undefined): string | null => (raw && raw.trim() !== '' ? raw.trim() : null);

/**
 * `EMBEDDING_MODEL` on `EMBEDDING_BASE_URL` (default `llmBaseUrl`, `LLM_BASE_URL`'s), with
 * `EMBEDDING_API_KEY` (default `LLM_API_KEY` when the server is the model's) and
 * `EMBEDDING_TIMEOUT` seconds; null without a model: knowledge bases are searched by full text alone.
 */
export const embeddingOf = (env: Env, llmBaseUrl: string | null, problems: string[]): EmbeddingConfig | null => {
  const model = text(env.EMBEDDING_MODEL);
  const baseUrl = optional(UrlFromEnv(['http:', 'https:']), env.EMBEDDING_BASE_URL, null, 'EMBEDDING_BASE_URL', problems) ?? llmBaseUrl;
  const apiKey = text(env.EMBEDDING_API_KEY) ?? (env.EMBEDDING_BASE_URL ? null : text(env.LLM_API_KEY));
  const timeoutMs = optional(IntegerFromEnv(1, 600), env.EMBEDDING_TIMEOUT, 10, 'EMBEDDING_TIMEOUT', problems) * 1000;
  if (model !== null && baseUrl === null) problems.push('EMBEDDING_MODEL: needs EMBEDDING_BASE_URL (or LLM_BASE_URL), the server that embeds');
  return model && baseUrl ? { baseUrl, apiKey, model, timeoutMs } : null;
};
