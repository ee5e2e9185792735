import type * as t from 'io-ts';

type Codec = t.Decoder<unknown, unknown>;

/** What a successful answer is: JSON of a codec, or another media type described in words. */
export type Success =
  | { readonly status: 200 | 201 | 202; readonly json: t.Any }
  | { readonly status: 204 }
  | { readonly status: 200; readonly media: 'text/event-stream' | 'audio/*' | 'text/csv'; readonly description: string };

/** A body in another media type, accepted instead of the JSON one. */
export interface TextBody {
  readonly media: 'text/csv';
  readonly description: string;
}

/**
 * One operation of the REST API: the routes decode their query and body with its codecs and
 * answer with views typed by its response codec; the OpenAPI document is written from it. A
 * test checks that every mounted route has one, and each one a mounted route.
 */
export interface Operation {
  readonly method: 'get' | 'post' | 'patch' | 'delete';
  /** From the API's root, in OpenAPI's form: `/v1/agents/{agentId}`. */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** Needs `Authorization: Bearer <API key>` (every `/v1` route); such routes are rate-limited per key. */
  readonly auth: boolean;
  readonly query?: Codec;
  readonly body?: Codec;
  readonly textBody?: TextBody;
  readonly success: Success;
  /** Statuses of expected failures besides those every operation of its kind may answer. */
  readonly failures?: readonly number[];
  /**
   * Its answer carries an `ETag`, and a request whose `If-None-Match` names it is answered 304
   * with no body (the lists whose bodies are kept with their version).
   */
  readonly revalidated?: true;
  /** Takes an `Idempotency-Key` header: a retry with the key answers what the first request did. */
  readonly idempotent?: true;
}

export const operation = <const O extends Operation>(o: O): O => o;
export const json = <C extends t.Any>(codec: C, status: 200 | 201 | 202 = 200) => ({ status, json: codec }) as const;
export const v1 = { auth: true } as const;
/** A list kept with its version: validated by its ETag. */
export const kept = { revalidated: true } as const;
