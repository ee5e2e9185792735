/**
 * Why a caller's turn got no answer from the agent. Told live beside the transcript (the SSE
 * stream's `unanswered`, the admin console's `callTranscript`), so whoever is on the call learns
 * why the agent is silent and what to change, not only the server's log.
 */
export type UnansweredReason =
  /** Webhook mode, and neither the agent nor the account has a webhook. */
  | { readonly kind: 'no_webhook' }
  /** The webhook answered with an error status, or could not be reached. */
  | { readonly kind: 'webhook_failed'; readonly httpStatus: number | null; readonly error: string }
  | { readonly kind: 'webhook_timed_out'; readonly timeoutSeconds: number }
  /** Hosted mode on a server with no language model: the caller heard the apology. */
  | { readonly kind: 'no_model' }
  /** Hosted mode, and the model failed or was unreachable: the caller heard the apology. */
  | { readonly kind: 'model_failed'; readonly error: string }
  /** The agent's answer was over and said nothing, nor acted. */
  | { readonly kind: 'empty_answer' };

export type UnansweredKind = UnansweredReason['kind'];

export const UNANSWERED_KINDS: readonly UnansweredKind[] = ['no_webhook', 'webhook_failed', 'webhook_timed_out', 'no_model', 'model_failed', 'empty_answer'];

/** What a person reads: what happened, and what to change. */
export interface UnansweredExplanation {
  readonly message: string;
  readonly fix: string;
}

/** `sms`: the words for a text left without a reply (no apology is sent to a texter). */
export const explainUnanswered = (reason: UnansweredReason, agentId: string | null, channel: 'voice' | 'sms' = 'voice'): UnansweredExplanation => {
  const what = channel === 'voice' ? 'turn' : 'text';
  const apology = channel === 'voice' ? ': the caller heard the apology' : '';
  const agentWebhook = agentId ? `POST /v1/agents/${agentId}/webhook` : 'POST /v1/agents/{agentId}/webhook';
  switch (reason.kind) {
    case 'no_webhook':
      return {
        message: `The agent is in webhook mode and no webhook is configured for the agent or the account: the ${what} was not sent anywhere.`,
        fix: `Set a webhook that ${channel === 'voice' ? 'answers with NDJSON' : 'replies with POST /v1/messages'}: ${agentWebhook} for this agent, or POST /v1/webhooks for the whole account; or switch the agent to voiceMode "hosted" with LLM_BASE_URL set on the server.`,
      };
    case 'webhook_failed':
      return {
        message: `The agent's webhook failed: ${reason.error}.`,
        fix: 'Check that the webhook server is running and reachable from Switchboard, and that it answers 2xx with NDJSON lines ({"text": "…"}); the delivery log (GET /v1/webhooks/deliveries) has each attempt.',
      };
    case 'webhook_timed_out':
      return {
        message: `The agent's webhook did not answer within its timeout (${reason.timeoutSeconds} s).`,
        fix: 'Stream the first words sooner (an interim {"text": "One moment.", "interim": true}), or raise the webhook\'s timeout.',
      };
    case 'no_model':
      return {
        message: `The agent is in hosted mode and this server has no language model${apology}.`,
        fix: 'Set LLM_BASE_URL (and LLM_MODEL, LLM_API_KEY if needed) to an OpenAI-compatible server and restart, or switch the agent to voiceMode "webhook" with a webhook.',
      };
    case 'model_failed':
      return {
        message: `The language model could not answer (${reason.error})${apology}.`,
        fix: 'Check that the model server at LLM_BASE_URL is running and reachable from Switchboard, and that LLM_MODEL names a model it serves.',
      };
    case 'empty_answer':
      return {
        message: 'The agent answered with nothing to say.',
        fix: 'Answer voice turns with at least one NDJSON line carrying "text" (or an action: digits, transfer, hangup).',
      };
  }
};
