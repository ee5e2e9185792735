import type { Call } from '../../domain/call.js';
import { conversationOf, switchableLanguage } from '../../domain/conversation-settings.js';
import type { ToolDefinition } from '../ports/language-model.js';

export const SWITCH_LANGUAGE_TOOL = 'switch_language';

/** The languages a call may speak: its own first, then the others its agent declared. */
const languagesOf = (call: Call): string[] => [call.language, ...conversationOf(call).languages.map((language) => language.code)];

/** Offered when the call's agent speaks several languages: each must be declared up front on the carrier. */
export const switchLanguageTools = (call: Call): ToolDefinition[] =>
  conversationOf(call).languages.length > 0
    ? [
        {
          name: SWITCH_LANGUAGE_TOOL,
          description:
            'Switch the call to another language when the caller speaks it or asks for it: from then on you are heard and ' +
            'spoken in that language. Then go on speaking in it.',
          parameters: {
            type: 'object',
            properties: { language: { type: 'string', enum: languagesOf(call), description: 'The BCP-47 code of the language to speak.' } },
            required: ['language'],
            additionalProperties: false,
          },
        },
      ]
    : [];

/** The language to switch to, or why not: the model hears the languages it may choose from. */
export const languageSwitchOf = (call: Call, args: Readonly<Record<string, unknown>>): { readonly language: string } | { readonly refused: string } => {
  const requested = typeof args.language === 'string' ? args.language : '';
  const declared = switchableLanguage(call, conversationOf(call), requested);
  return declared ? { language: declared.code } : { refused: `this call speaks only ${languagesOf(call).join(', ')}.` };
};
