import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../../domain/agent.js';
import { changeConversation, conversationOf, switchableLanguage, type ConversationSettings } from '../../../domain/conversation-settings.js';
import { fromDomain, validation, type Validation } from '../../errors.js';

/** How one call speaks: its language and voice, and the agent's conversation settings with the call's own over them. */
export interface CallSpeech {
  readonly language: string;
  readonly voice: string;
  readonly conversation: ConversationSettings;
}

/**
 * A call may speak any language the agent declares (its own or one of its `languages`), in that
 * language's voice unless the request names one; its turn-taking settings are checked as the
 * agent's are.
 */
export const callSpeech = (
  agent: Agent,
  request: { readonly language?: string | null; readonly voice: string | null; readonly conversation?: Partial<ConversationSettings> },
): E.Either<Validation, CallSpeech> => {
  const settings = conversationOf(agent);
  const language = request.language ? switchableLanguage(agent, settings, request.language) : { code: agent.language, voice: agent.voice };
  if (!language) {
    const allowed = [agent.language, ...settings.languages.map((l) => l.code)].join(', ');
    return E.left(validation('language', `must be one of the agent's languages: ${allowed}`));
  }
  const voice = request.voice ?? language.voice;
  const conversation = changeConversation(settings, request.conversation ?? {}, voice);
  if (E.isLeft(conversation)) return E.left(fromDomain(conversation.left) as Validation);
  return E.right({ language: language.code, voice, conversation: conversation.right });
};
