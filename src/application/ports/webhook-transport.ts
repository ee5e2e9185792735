/** One signed POST of an event to a customer's endpoint. */
export interface WebhookRequest {
  readonly url: string;
  /** Signs the request; never logged. */
  readonly secret: string;
  /** Sent as X-Webhook-ID: the delivery id, the same on every retry. */
  readonly deliveryId: string;
  /** Sent as X-Webhook-Event. */
  readonly eventType: string;
  /** The raw JSON body, sent and signed byte for byte. */
  readonly body: string;
  readonly timeoutMs: number;
  /** Sent as `traceparent` when the delivery is traced, so the customer's own trace joins ours. */
  readonly traceparent?: string | null;
}

/** What came back. A 2xx is `ok`; a refused connection or a timeout has no status. */
export interface WebhookResponse {
  readonly ok: boolean;
  readonly httpStatus: number | null;
  readonly errorMessage: string | null;
  /** The start of the answer (at most 1 KiB), for the delivery log. */
  readonly responseBody: string | null;
  readonly durationMs: number;
  /**
   * Nothing was sent: the URL's host is, or resolves to, an address outbound requests may not
   * reach (`errorMessage` starts with `blocked_address`). Sending again would be refused again.
   */
  readonly blockedAddress?: boolean;
}

/** Signs and POSTs webhook events. `send` never throws: every failure is a response. */
export interface WebhookTransport {
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /** Lets go of pooled connections. */
  close?(): Promise<void>;
}
