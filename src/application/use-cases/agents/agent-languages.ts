import type { Agent } from '../../../domain/agent.js';
import { conversationOf, voiceProvider } from '../../../domain/conversation-settings.js';
import { validation, type Validation } from '../../errors.js';
import type { VoiceCatalog } from '../../ports/voice-catalog.js';

/**
 * Each of the agent's extra languages must speak with a voice the carrier has: a language the
 * session cannot voice would fail the call on answer, so it is refused when the agent is saved.
 */
export const languageProblem = async (agent: Agent, voices: VoiceCatalog | undefined): Promise<Validation | null> => {
  const languages = conversationOf(agent).languages;
  if (!voices || languages.length === 0) return null;
  const known = new Set((await voices.listVoices()).map((voice) => voice.id));
  for (const [index, language] of languages.entries()) {
    if (!known.has(language.voice)) {
      const provider = voiceProvider(language.voice);
      return validation(
        `languages.${index}.voice`,
        `${language.voice} is not a voice ${provider ?? 'the carrier'} has; use a voice id of GET /v1/agents/voices`,
      );
    }
  }
  return null;
};
