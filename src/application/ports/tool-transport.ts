import type { ToolMethod } from '../../domain/custom-tool.js';

/** One request of a custom HTTP tool to the customer's endpoint. */
export interface ToolRequest {
  readonly url: string;
  readonly method: ToolMethod;
  /** The tool's own headers (Switchboard's signature headers are added). */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body; null for GET (the arguments are then in the URL's query). */
  readonly body: string | null;
  /** Signs the request as webhooks are signed; null: sent unsigned (no webhook secret exists). */
  readonly secret: string | null;
  /** Sent as X-Webhook-ID: unique per tool call. */
  readonly requestId: string;
  /** Sent as X-Webhook-Event: `tool.<name>`. */
  readonly eventType: string;
  readonly timeoutMs: number;
}

/** How the request ended: `ok` (2xx), `http_error` (another status), `timeout`, `error` (refused, unreachable). */
export interface ToolResponse {
  readonly outcome: 'ok' | 'http_error' | 'timeout' | 'error';
  readonly httpStatus: number | null;
  /** The start of the answer's body (at most a few KiB). */
  readonly body: string | null;
  readonly errorMessage: string | null;
  readonly durationMs: number;
}

/** Sends custom tools' requests through the same guarded, signed client as webhooks. Never throws. */
export interface ToolTransport {
  send(request: ToolRequest): Promise<ToolResponse>;
  close?(): Promise<void>;
}
