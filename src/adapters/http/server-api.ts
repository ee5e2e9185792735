import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { PathReporter } from 'io-ts/lib/PathReporter.js';

/** A running Switchboard and a project's key on it; `fetch` is the global one unless given (a host's own app). */
export interface ServerConnection {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly fetch?: (request: Request) => Promise<Response>;
}

/**
 * The REST API and the simulated carrier's controls of a running server, as a scenario plays
 * them: each answer is decoded with its codec, and a refusal comes back as the sentence the
 * server's error envelope gives.
 */
export class ServerApi {
  private readonly send: (request: Request) => Promise<Response>;
  private readonly base: string;

  constructor(private readonly connection: ServerConnection) {
    this.send = connection.fetch ?? ((request) => fetch(request));
    this.base = connection.baseUrl.replace(/\/+$/, '');
  }

  async call<A>(method: string, path: string, codec: t.Decoder<unknown, A>, body?: unknown): Promise<E.Either<string, A>> {
    const request = new Request(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.connection.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let response: Response;
    try {
      response = await this.send(request);
    } catch (error) {
      return E.left(`${method} ${path} could not reach ${this.base}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = ErrorEnvelope.is(json) ? json.error.message : JSON.stringify(json);
      return E.left(`${method} ${path} answered ${response.status}: ${message}`);
    }
    const decoded = codec.decode(json);
    return E.isLeft(decoded) ? E.left(`${method} ${path} answered what this runner does not read: ${PathReporter.report(decoded).join('; ')}`) : decoded;
  }
}

const ErrorEnvelope = t.type({ error: t.type({ message: t.string }) });

/** An answer only its status matters of. */
export const AnyAnswer = t.unknown;
