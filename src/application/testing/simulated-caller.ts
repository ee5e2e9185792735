import type { ChatMessage, LanguageModel } from '../ports/language-model.js';
import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';
import type { StagedContact } from '../ports/scenario-stage.js';
import type { ScenarioCaller } from './scenario.js';
import { askForJson } from './structured-answer.js';

type Simulated = Extract<ScenarioCaller, { kind: 'simulated' }>;

const NEXT_SCHEMA = {
  type: 'object',
  properties: {
    say: { type: 'string' },
    goalMet: { type: 'boolean' },
    hangUp: { type: 'boolean' },
  },
  required: ['say', 'goalMet', 'hangUp'],
  additionalProperties: false,
} as const;

const instructions = (caller: Simulated): string =>
  `You are a person on a phone call with a business's AI agent. Persona: ${caller.persona}\nYour goal: ${caller.goal}\n` +
  'Each message you get is what the agent just said. Answer with JSON only: {"say":"your next words","goalMet":false,"hangUp":false}. ' +
  'Say one short, natural utterance. Set goalMet once the goal is reached; set hangUp when you would end the call.';

/**
 * Plays a caller with a persona and a goal: each turn the model hears the agent's last words
 * and gives the caller's next ones, until the goal is met, the agent ends the call, or
 * `maxTurns` caller turns are spent. `seed` goes with every request, so a run replays.
 */
export const playSimulatedCaller = async (
  caller: Simulated,
  line: StagedContact,
  deps: { readonly model: LanguageModel; readonly schemas: JsonSchemaValidator; readonly seed: number },
): Promise<void> => {
  const messages: ChatMessage[] = [{ role: 'system', content: instructions(caller) }];
  for (let turn = 0; turn < caller.maxTurns && !line.ended; turn++) {
    messages.push({ role: 'user', content: line.agentSaidSinceLastStep() || '(silence)' });
    const next = (await askForJson(deps.model, deps.schemas, { name: 'caller_turn', schema: NEXT_SCHEMA, messages, seed: deps.seed + turn })) as {
      say: string;
      goalMet: boolean;
      hangUp: boolean;
    };
    messages.push({ role: 'assistant', content: JSON.stringify(next) });
    if (next.say.trim() !== '') await line.say(next.say);
    if (next.goalMet || next.hangUp) break;
  }
  if (!line.ended) await line.hangUp();
};
