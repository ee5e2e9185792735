import type { Voice, VoiceCatalog } from '../../application/ports/voice-catalog.js';

const voice = (
  id: string,
  name: string,
  provider: string,
  gender: string | null,
  accent: string | null,
  language: string,
): Voice => ({ id, name, provider, gender, accent, language, previewAudioUrl: null });

/**
 * The text-to-speech voices ConversationRelay speaks with (Google, Amazon Polly, ElevenLabs).
 * Ids are `Provider.voice`; the carrier adapter splits them into `ttsProvider` and `voice`.
 * The simulated carrier offers the same list, so an agent moves between carriers unchanged.
 */
export const CONVERSATION_RELAY_VOICES: readonly Voice[] = [
  voice('Google.en-US-Journey-O', 'Journey O', 'Google', 'female', 'american', 'en-US'),
  voice('Google.en-US-Journey-D', 'Journey D', 'Google', 'male', 'american', 'en-US'),
  voice('Google.en-GB-Journey-F', 'Journey F', 'Google', 'female', 'british', 'en-GB'),
  voice('Google.en-US-Chirp3-HD-Aoede', 'Aoede', 'Google', 'female', 'american', 'en-US'),
  voice('Google.en-US-Chirp3-HD-Puck', 'Puck', 'Google', 'male', 'american', 'en-US'),
  voice('Google.en-US-Chirp3-HD-Charon', 'Charon', 'Google', 'male', 'american', 'en-US'),
  voice('Google.en-US-Chirp3-HD-Kore', 'Kore', 'Google', 'female', 'american', 'en-US'),
  voice('Google.es-US-Neural2-A', 'Neural2 A', 'Google', 'female', 'latin american', 'es-US'),
  voice('Google.es-ES-Neural2-A', 'Neural2 A (Spain)', 'Google', 'female', 'castilian', 'es-ES'),
  voice('Google.fr-FR-Neural2-A', 'Neural2 A (France)', 'Google', 'female', 'french', 'fr-FR'),
  voice('Amazon.Joanna-Neural', 'Joanna', 'Amazon', 'female', 'american', 'en-US'),
  voice('Amazon.Matthew-Neural', 'Matthew', 'Amazon', 'male', 'american', 'en-US'),
  voice('Amazon.Joanna-Generative', 'Joanna (generative)', 'Amazon', 'female', 'american', 'en-US'),
  voice('Amazon.Lupe-Neural', 'Lupe', 'Amazon', 'female', 'latin american', 'es-US'),
  voice('Amazon.Lucia-Neural', 'Lucia', 'Amazon', 'female', 'castilian', 'es-ES'),
  voice('ElevenLabs.UgBBYS2sOqTuMpoF3BR0', 'Mark', 'ElevenLabs', 'male', 'american', 'en-US'),
  voice('ElevenLabs.NYC9WEgkq1u4jiqBseQ9', 'Jessica', 'ElevenLabs', 'female', 'american', 'en-US'),
];

export class ConversationRelayVoiceCatalog implements VoiceCatalog {
  async listVoices(): Promise<readonly Voice[]> {
    return CONVERSATION_RELAY_VOICES;
  }
}
