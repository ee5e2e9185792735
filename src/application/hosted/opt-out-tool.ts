import type { ToolDefinition } from '../ports/language-model.js';

export const OPT_OUT_TOOL = 'opt_out';

/**
 * Offered on every hosted call: a person who says they do not want to be called again must
 * be heard (their number goes on the project's suppression list), whatever the agent's prompt.
 */
export const OPT_OUT_DEFINITION: ToolDefinition = {
  name: OPT_OUT_TOOL,
  description:
    'Call this as soon as the person says they do not want to be called again (or to be put on a do-not-call list): ' +
    'their number is never called again. Then confirm it to them in one sentence, say goodbye and end the call.',
  parameters: {
    type: 'object',
    properties: { reason: { type: 'string', description: 'What the person said, in their words.' } },
    additionalProperties: false,
  },
};

/** What the model hears back: the opt-out is kept, and what to do next. */
export const OPT_OUT_RESULT = 'Done: this number will not be called again. Confirm that to the person in one short sentence, say goodbye, and end the call.';

/** The model's reason, when it gave a usable one. */
export const optOutReasonOf = (args: Readonly<Record<string, unknown>>): string | undefined =>
  typeof args.reason === 'string' && args.reason.trim() !== '' ? args.reason.trim() : undefined;
