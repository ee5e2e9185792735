/** One caller turn POSTed to the customer's webhook, whose answer is spoken as it arrives. */
export interface VoiceTurnRequest {
  readonly url: string;
  /** Signs the request (X-Webhook-Signature, as every delivery); never logged. */
  readonly secret: string;
  /** Sent as X-Webhook-ID. */
  readonly deliveryId: string;
  /** Sent as X-Webhook-Event. */
  readonly eventType: string;
  /** The raw JSON body, sent and signed byte for byte. */
  readonly body: string;
  /** Aborts the request and the reading of its answer (barge-in, timeout, hang-up). */
  readonly signal: AbortSignal;
}

export interface VoiceTurnResponse {
  readonly httpStatus: number;
  /**
   * The answer's JSON objects as they arrive: one per line of an NDJSON body
   * (`application/x-ndjson`), or the one object of a JSON body. Lines that are not JSON are
   * skipped. A non-2xx answer has none. Rejects (and ends) when the request is aborted.
   */
  readonly chunks: AsyncIterable<unknown>;
}

/** Streams voice turns to webhooks. Rejects when the request fails before an answer arrives. */
export interface VoiceTurnTransport {
  postVoiceTurn(request: VoiceTurnRequest): Promise<VoiceTurnResponse>;
  /** Lets go of pooled connections. */
  close?(): Promise<void>;
}
