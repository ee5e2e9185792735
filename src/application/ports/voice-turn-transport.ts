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
  /** Sent as `traceparent` when the turn is traced, so the customer's own trace joins ours. */
  readonly traceparent?: string | null;
}

/** What the customer's answer asks for, in speaking order. */
export type VoiceAnswerAction =
  | { readonly kind: 'say'; readonly text: string; readonly interim: boolean }
  | { readonly kind: 'digits'; readonly digits: string }
  /** Speak and listen in another of the agent's languages from now on. */
  | { readonly kind: 'language'; readonly language: string }
  /**
   * Pass the call to another agent of the project the agent lists in its `handoffs`: the call
   * goes on, on the same line, with that agent's prompt, voice, language and tools. Ends this answer.
   */
  | { readonly kind: 'handoff'; readonly agentId: string; readonly summary: string | null }
  | {
      readonly kind: 'transfer';
      /** `warm`: the caller holds while a human is dialled and briefed, and comes back if nobody takes the call. */
      readonly mode?: 'cold' | 'warm';
      /** Said to the human before the caller is put through (warm). */
      readonly summary?: string;
      /** Another number than the agent's transferNumber. */
      readonly to?: string;
    }
  | { readonly kind: 'hangup' }
  | { readonly kind: 'opt_out'; readonly reason?: string };

/**
 * One piece of the answer, decoded: the actions of one JSON value (which may ask for none), or a
 * piece that could not be read (not JSON, not an answer object), told apart so it can be logged.
 */
export type VoiceAnswerPart =
  | { readonly kind: 'actions'; readonly actions: readonly VoiceAnswerAction[] }
  | { readonly kind: 'unreadable'; readonly reason: string };

export interface VoiceTurnResponse {
  readonly httpStatus: number;
  /**
   * The answer as it arrives: one part per line of an NDJSON body (`application/x-ndjson`), or
   * per JSON body. Blank lines are skipped. A non-2xx answer has none. Rejects (and ends) when
   * the request is aborted.
   */
  readonly chunks: AsyncIterable<VoiceAnswerPart>;
}

/** Streams voice turns to webhooks. Rejects when the request fails before an answer arrives. */
export interface VoiceTurnTransport {
  postVoiceTurn(request: VoiceTurnRequest): Promise<VoiceTurnResponse>;
  /**
   * Opens a pooled connection to the URL's server (TLS handshake done) while a call rings, so
   * its first turn does not pay for it. Resolves once it is open or could not be; never rejects.
   */
  warmUp?(url: string): Promise<void>;
  /** Lets go of pooled connections. */
  close?(): Promise<void>;
}
