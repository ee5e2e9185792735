import type { AgentAction } from '../ports/agent-brain.js';

export type Say = Extract<AgentAction, { readonly kind: 'say' }>;

/**
 * Pieces of one spoken answer, joined by the session exactly as given (`verbatim`): white
 * space before the first word is dropped and white space at the end of a piece waits for the
 * next one, so the stored turn is the answer trimmed; a later round (after a refused tool) or
 * the apology after some words is set apart by a space.
 */
export class StreamedSpeech {
  private started = false;
  private pending = '';

  newRound(): void {
    if (this.started && this.pending === '') this.pending = ' ';
  }

  say(delta: string): Say | null {
    let text = this.pending + delta;
    if (!this.started) text = text.trimStart();
    const body = text.trimEnd();
    this.pending = text.slice(body.length);
    if (body === '') return null;
    this.started = true;
    return { kind: 'say', text: body, interim: false, verbatim: true };
  }
}

/** Said instead of an answer when the model cannot give one; `error` says why, for the transcript. */
export const apologyOf = (text: string, error: string): Say => ({ kind: 'say', text, interim: false, error });
