import * as E from 'fp-ts/lib/Either.js';
import type { CallRelocation } from '../../application/ports/call-relocation.js';
import type { CallWebhooks, ProviderFailure } from '../../application/ports/telephony.js';
import type { Call } from '../../domain/call.js';
import { conversationRelayTwiml } from './conversation-relay-twiml.js';

/** The query parameter of a relay URL that continues a handed-over call (its attempt). */
export const HAND_OVER_PARAM = 'handover';

/**
 * ConversationRelay has no way to move a session, so the call is redirected through the Calls
 * API to fresh ConversationRelay TwiML: its socket URL, at the public URL, names the hand-over,
 * and it greets no one. Recording started with `<Start><Recording>` goes on across the redirect.
 */
export class TwilioCallRelocation implements CallRelocation {
  constructor(
    private readonly deps: {
      readonly calls: { redirectCall(providerCallId: string, twiml: string): Promise<E.Either<ProviderFailure, void>> };
      readonly callWebhooks: (callId: string) => CallWebhooks;
    },
  ) {}

  async relocate(call: Call, attempt: number): Promise<E.Either<ProviderFailure, void>> {
    if (!call.providerCallId) return E.left({ _tag: 'ProviderError', message: `call ${call.id} has no Twilio call to redirect`, providerCode: null });
    const hooks = this.deps.callWebhooks(call.id);
    const twiml = conversationRelayTwiml({
      relayUrl: `${hooks.relayUrl}&${HAND_OVER_PARAM}=${attempt}`,
      relayEndedUrl: hooks.relayEndedUrl,
      greeting: '',
      voice: call.voice,
      language: call.language,
      conversation: call.conversation,
    });
    return this.deps.calls.redirectCall(call.providerCallId, twiml);
  }
}
