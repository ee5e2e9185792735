import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../../domain/agent.js';
import type { CallOverrides } from '../../../domain/campaign.js';
import type { FieldProblem } from '../../errors.js';
import type { VoiceCatalog } from '../../ports/voice-catalog.js';
import { callSpeech } from '../calls/call-speech.js';

/**
 * What would refuse each call of the campaign, found before it is stored: a language the agent
 * does not declare, a voice not in the catalog, turn-taking the agent's voice cannot take.
 */
export const callOverrideProblems = async (agent: Agent, overrides: CallOverrides, voices: VoiceCatalog | undefined): Promise<FieldProblem[]> => {
  const problems: FieldProblem[] = [];
  if (overrides.voice !== null && voices && !(await voices.listVoices()).some((v) => v.id === overrides.voice)) {
    problems.push({ field: 'voice', message: 'is not one of the voices of GET /v1/agents/voices', type: 'value_error' });
  }
  const spoken = callSpeech(agent, { language: overrides.language, voice: overrides.voice, conversation: overrides.turnTaking });
  if (E.isLeft(spoken)) problems.push(...spoken.left.details);
  return problems;
};
