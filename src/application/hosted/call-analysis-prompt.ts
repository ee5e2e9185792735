import type { Agent } from '../../domain/agent.js';
import type { Call, TranscriptTurn } from '../../domain/call.js';
import { USER_SENTIMENTS } from '../../domain/call-analysis.js';
import type { ChatMessage } from '../ports/language-model.js';

const SPEAKER: Readonly<Record<TranscriptTurn['role'], string>> = {
  user: 'Caller',
  agent: 'Agent',
  tool_call: 'Agent called a tool',
  tool_result: 'Tool answered',
};

/** The JSON Schema of the answer: the fixed fields, and `extracted` when the agent has a schema. */
export const analysisAnswerSchema = (agent: Agent | null): Record<string, unknown> => ({
  type: 'object',
  properties: {
    summary: { type: 'string', description: 'Two or three sentences: who called, what they wanted, how it ended.' },
    userSentiment: { type: 'string', enum: [...USER_SENTIMENTS] },
    callSuccessful: { type: 'boolean' },
    ...(agent?.analysisSchema ? { extracted: agent.analysisSchema } : {}),
  },
  required: ['summary', 'userSentiment', 'callSuccessful', ...(agent?.analysisSchema ? ['extracted'] : [])],
  additionalProperties: false,
});

/** What the analysing model reads: the goal to judge against, and the whole transcript. */
export const analysisMessages = (call: Call, agent: Agent | null, turns: readonly TranscriptTurn[]): ChatMessage[] => {
  const goal =
    agent?.successCriteria?.trim() ||
    [call.systemPrompt?.trim(), agent?.systemPrompt?.trim()].filter(Boolean).join('\n\n') ||
    'The caller got what they called for.';
  const transcript = turns.map((turn) => `${SPEAKER[turn.role]}: ${turn.content}`).join('\n') || '(nothing was said)';
  return [
    {
      role: 'system',
      content: [
        'You analyse finished phone calls of an AI phone agent. Answer with one JSON object that follows the given schema, and nothing else.',
        '`summary`: a short, factual summary. `userSentiment`: how the caller felt overall (positive, neutral or negative).',
        '`callSuccessful`: true only if the call met this goal:',
        goal,
        agent?.analysisSchema ? '`extracted`: the fields the schema asks for, taken from the transcript; leave out what was never said unless the schema requires it.' : '',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    },
    { role: 'user', content: `The call (${call.direction}, ${call.durationSeconds ?? 0} s, ended: ${call.disconnectionReason ?? 'unknown'}):\n${transcript}` },
  ];
};
