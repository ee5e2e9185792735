import type { CallerStep, ContactKind } from './scenario.js';

/** A caller every scenario can name instead of writing its script: the contact it makes and its steps. */
export interface CallerFixture {
  readonly contact: ContactKind;
  readonly steps: readonly CallerStep[];
  /** What the agent meets, for the docs and reports. */
  readonly description: string;
}

/**
 * The callers agents meet on real lines that are tedious to script by hand. Their words are the
 * ones carriers and phones play, so an agent tuned on them hears what it will hear live.
 */
export const CALLER_FIXTURES = {
  'carrier-voicemail': {
    contact: 'outbound_call',
    description: "an outbound call the carrier's voicemail answers, with its stock greeting and a beep",
    steps: [{ kind: 'machine', greeting: 'The person you are trying to reach is not available. At the tone, please record your message. When you have finished recording, you may hang up.', beep: true }],
  },
  'personal-voicemail': {
    contact: 'outbound_call',
    description: "an outbound call a person's own voicemail greeting answers, then a beep",
    steps: [{ kind: 'machine', greeting: "Hey, it's Sam. Sorry I missed you, leave me a message and I'll call you back.", beep: true }],
  },
  'call-screening': {
    contact: 'outbound_call',
    description: 'an outbound call a screening service answers, asking who is calling and why, then putting the call through',
    steps: [
      { kind: 'say', text: "Hi, the person you're calling is using a screening service and might not be available. Go ahead and say your name and why you're calling." },
      { kind: 'say', text: 'Thanks, stay on the line.' },
      { kind: 'hang_up' },
    ],
  },
  'ivr-menu': {
    contact: 'outbound_call',
    description: 'an outbound call a business\'s phone menu answers: "press 1 for sales…", then it connects',
    steps: [
      { kind: 'say', text: 'Thank you for calling. For sales, press 1. For support, press 2. For billing, press 3. To repeat these options, press 9.' },
      { kind: 'say', text: 'Please hold while we connect you.' },
      { kind: 'hang_up' },
    ],
  },
  'silent-caller': {
    contact: 'inbound_call',
    description: 'an inbound caller who never says a word, until the silence limit ends the call',
    // Past the reprompt, then past the longest silence limit an agent may set.
    steps: [
      { kind: 'silence', seconds: 10 },
      { kind: 'silence', seconds: 3600 },
    ],
  },
  'texts-stop': {
    contact: 'inbound_text',
    description: 'a person who texts STOP to the agent\'s number',
    steps: [{ kind: 'text', body: 'STOP' }],
  },
  'unanswered-warm-transfer': {
    contact: 'inbound_call',
    description: 'an inbound caller who asks for a person, whose warm transfer nobody answers, and who then says goodbye',
    steps: [
      { kind: 'say', text: 'Can I talk to a real person, please?' },
      { kind: 'transfer', answer: false },
      { kind: 'say', text: 'Okay, thanks anyway. Bye.' },
      { kind: 'hang_up' },
    ],
  },
} as const satisfies Readonly<Record<string, CallerFixture>>;

export type CallerFixtureName = keyof typeof CALLER_FIXTURES;
export const CALLER_FIXTURE_NAMES = Object.keys(CALLER_FIXTURES) as CallerFixtureName[];
