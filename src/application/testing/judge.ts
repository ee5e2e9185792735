import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';
import type { LanguageModel } from '../ports/language-model.js';
import type { ContactRecord } from '../ports/scenario-stage.js';
import type { Expectation } from './scenario.js';
import type { ExpectationResult } from './expectations.js';
import { askForJson, UnusableModelAnswer } from './structured-answer.js';
import { transcriptLines } from './transcript-text.js';

type Judged = Extract<Expectation, { kind: 'judged' }>;

const VERDICTS_SCHEMA = {
  type: 'object',
  properties: {
    verdicts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { criterion: { type: 'integer', minimum: 1 }, passed: { type: 'boolean' }, reason: { type: 'string', minLength: 1 } },
        required: ['criterion', 'passed', 'reason'],
        additionalProperties: false,
      },
    },
  },
  required: ['verdicts'],
  additionalProperties: false,
} as const;

const INSTRUCTIONS =
  'You judge a phone call between a caller and an AI agent against numbered criteria. For every criterion, ' +
  'answer whether the transcript shows it is met (passed true) or not (passed false), with a one-sentence reason ' +
  'quoting the transcript. A criterion the transcript does not show is not met. Answer with JSON only: ' +
  '{"verdicts":[{"criterion":1,"passed":true,"reason":"…"}, …]}, one verdict per criterion.';

/**
 * Asks the judge model about every rubric line of one scenario at once. Resolves to one result
 * a criterion; throws (the scenario errs) when the model fails or its answer is unusable:
 * an unanswered criterion never counts as passed.
 */
export const judgeCriteria = async (
  judge: LanguageModel,
  schemas: JsonSchemaValidator,
  criteria: readonly Judged[],
  record: ContactRecord,
  seed: number,
): Promise<readonly ExpectationResult[]> => {
  if (criteria.length === 0) return [];
  const rubric = criteria.map((c, i) => `${i + 1}. ${c.criterion}`).join('\n');
  const answer = (await askForJson(judge, schemas, {
    name: 'scenario_verdicts',
    schema: VERDICTS_SCHEMA,
    seed,
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: `Transcript:\n${transcriptLines(record).join('\n')}\n\nCriteria:\n${rubric}` },
    ],
  })) as { verdicts: { criterion: number; passed: boolean; reason: string }[] };
  return criteria.map((expectation, i) => {
    const verdict = answer.verdicts.find((v) => v.criterion === i + 1);
    if (!verdict) throw new UnusableModelAnswer(`the judge gave no verdict on criterion ${i + 1} ("${expectation.criterion}")`);
    return { expectation, passed: verdict.passed, message: `${verdict.passed ? 'met' : 'not met'}: "${expectation.criterion}" — ${verdict.reason}` };
  });
};
