/** The settings of one agent session on ConversationRelay. */
export interface RelaySettings {
  /** `wss://…/twilio/relay?callId=…`; signed by Twilio exactly as written here. */
  readonly relayUrl: string;
  /** `<Connect action>`: Twilio asks it what to do when the session ends. */
  readonly relayEndedUrl: string;
  /** Spoken on answer; empty: none. */
  readonly greeting: string;
  /** A catalog voice id, `Provider.voice` (`Google.en-US-Journey-O`); a bare voice keeps Twilio's provider. */
  readonly voice: string;
  readonly language: string;
  /** Record the call from here on, reporting to this URL (inbound calls; outbound ones record through the Calls API). */
  readonly recordingStatusUrl?: string | null;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const attributes = (attrs: Readonly<Record<string, string | null | undefined>>): string =>
  Object.entries(attrs)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(value!)}"`)
    .join('');

/** `Google.en-US-Journey-O` → provider `Google`, voice `en-US-Journey-O`. */
export const splitVoice = (voice: string): { readonly ttsProvider: string | null; readonly voice: string } => {
  const dot = voice.indexOf('.');
  return dot > 0 ? { ttsProvider: voice.slice(0, dot), voice: voice.slice(dot + 1) } : { ttsProvider: null, voice };
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * The TwiML that hands the call to the agent: optionally start recording, then connect
 * ConversationRelay (barge-in on speech and keys, DTMF reported). Built by hand: the SDK's
 * typings spell several attributes in lower case.
 */
export const conversationRelayTwiml = (settings: RelaySettings): string => {
  const { ttsProvider, voice } = splitVoice(settings.voice);
  const recording = settings.recordingStatusUrl
    ? `<Start><Recording${attributes({ channels: 'dual', recordingStatusCallback: settings.recordingStatusUrl, recordingStatusCallbackMethod: 'POST' })}/></Start>`
    : '';
  const relay = `<ConversationRelay${attributes({
    url: settings.relayUrl,
    welcomeGreeting: settings.greeting.trim() !== '' ? settings.greeting : null,
    voice,
    ttsProvider,
    language: settings.language,
    interruptible: 'any',
    dtmfDetection: 'true',
    // Reports when the agent's audio stops and the caller starts talking: silence is measured from them.
    debug: 'speaker-events',
  })}/>`;
  return `${XML_HEAD}<Response>${recording}<Connect${attributes({ action: settings.relayEndedUrl, method: 'POST' })}>${relay}</Connect></Response>`;
};

/**
 * Warm transfer after the agent's session: the caller hears a hold line and ringback while the
 * human is dialled; `<Number url>` whispers the summary to the human alone, then bridges them.
 * Dial's `action` hears how it went (no answer, busy … brings the caller back to the agent).
 */
export const warmDialTwiml = (dial: {
  readonly to: string;
  readonly callerId: string | null;
  readonly timeoutSeconds: number;
  readonly holdLine: string;
  readonly voice: string;
  readonly whisperUrl: string;
  readonly dialEndedUrl: string;
}): string =>
  `${XML_HEAD}<Response><Say${attributes({ voice: sayVoice(dial.voice) })}>${xmlEscape(dial.holdLine)}</Say>` +
  `<Dial${attributes({ action: dial.dialEndedUrl, method: 'POST', timeout: String(dial.timeoutSeconds), callerId: dial.callerId })}>` +
  `<Number${attributes({ url: dial.whisperUrl, method: 'POST' })}>${xmlEscape(dial.to)}</Number></Dial></Response>`;

/** What the human hears before being put through: the summary, then the bridge. */
export const whisperTwiml = (summary: string, voice: string): string =>
  `${XML_HEAD}<Response><Say${attributes({ voice: sayVoice(voice) })}>${xmlEscape(summary)}</Say></Response>`;

/** Cold transfer after the agent's session: dial the number, showing our number as caller ID. */
export const dialTwiml = (to: string, callerId: string | null): string =>
  `${XML_HEAD}<Response><Dial${attributes({ callerId })}>${xmlEscape(to)}</Dial></Response>`;

/** `<Say>` takes Google and Polly voices by their full name; other providers' voices fall back to Twilio's default. */
export const sayVoice = (voice: string): string | null => (/^(Google|Polly)\./.test(voice) ? voice : null);

/** Says the words in the call's voice (where `<Say>` has it) and hangs up. */
export const sayAndHangUpTwiml = (closing: { readonly say: string; readonly voice: string; readonly language: string }): string =>
  `${XML_HEAD}<Response><Say${attributes({ voice: sayVoice(closing.voice), language: closing.language })}>${xmlEscape(closing.say)}</Say><Hangup/></Response>`;

export const hangupTwiml = (apology?: string, voice?: string | null): string =>
  `${XML_HEAD}<Response>${apology ? `<Say${attributes({ voice: voice ?? null })}>${xmlEscape(apology)}</Say>` : ''}<Hangup/></Response>`;
