/** What an embedding model answered: one vector per text, in order, or why there are none. */
export type Embeddings =
  | { readonly ok: true; readonly vectors: readonly Float32Array[] }
  | { readonly ok: false; readonly reason: string };

/**
 * A model that turns texts into vectors whose nearness is nearness of meaning (OpenAI's
 * `/v1/embeddings` and the servers that speak it). Never throws: a failure is `ok: false`.
 */
export interface EmbeddingModel {
  /** The model's name, stored with each vector so that passages are embedded again when it changes. */
  readonly name: string;
  embed(texts: readonly string[]): Promise<Embeddings>;
}
