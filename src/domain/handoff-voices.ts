import type { AgentLanguage } from './conversation-settings.js';

/** What an agent speaks in: its voice and language code. */
export interface SpokenAs {
  readonly voice: string;
  readonly language: string;
}

/** The voice of a handoff target, as a language the carrier may be told to switch to. */
export const handoffVoiceOf = (target: SpokenAs): AgentLanguage => ({ code: target.language, voice: target.voice, transcriptionProvider: null, speechModel: null });

/**
 * The languages a call's session declares, each once by its code (the carrier switches by
 * code): the agent's own languages, and when a handoff target speaks otherwise, the agent's own
 * voice first (so the call can come back to it), then each target's. A target whose code is
 * already declared with another voice is heard in the voice declared first.
 */
export const declaredLanguages = (own: SpokenAs, ownLanguages: readonly AgentLanguage[], targets: readonly AgentLanguage[]): readonly AgentLanguage[] => {
  const others = targets.filter((t) => t.voice !== own.voice || t.code.toLowerCase() !== own.language.toLowerCase());
  if (others.length === 0) return ownLanguages;
  const seen = new Set<string>();
  const declared: AgentLanguage[] = [];
  for (const language of [handoffVoiceOf(own), ...ownLanguages, ...others]) {
    const code = language.code.toLowerCase();
    if (seen.has(code)) continue;
    seen.add(code);
    declared.push(language);
  }
  return declared;
};
