import type { ChatMessage, LanguageModel } from '../ports/language-model.js';
import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';

/** The model answered, but not with what was asked: the scenario errs rather than pass or fail on it. */
export class UnusableModelAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableModelAnswer';
  }
}

/**
 * One structured answer (`response_format: json_schema`), parsed and checked against `schema`.
 * Throws the model's failure, or {@link UnusableModelAnswer} when the answer does not fit.
 */
export const askForJson = async (
  model: LanguageModel,
  schemas: JsonSchemaValidator,
  request: { readonly name: string; readonly schema: Readonly<Record<string, unknown>>; readonly messages: readonly ChatMessage[]; readonly seed?: number },
): Promise<unknown> => {
  let text = '';
  await model.stream(
    { messages: request.messages, tools: [], signal: new AbortController().signal, responseFormat: { name: request.name, schema: request.schema }, seed: request.seed },
    (chunks) => {
      for (const chunk of chunks) if (chunk.type === 'text') text += chunk.delta;
    },
  );
  let answer: unknown;
  try {
    // Some servers wrap structured output in a code fence even when asked for JSON.
    answer = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new UnusableModelAnswer(`the model's answer is not JSON: ${text.slice(0, 200)}`);
  }
  const problem = schemas.valueProblem(request.schema, answer);
  if (problem !== null) throw new UnusableModelAnswer(`the model's answer does not follow the schema: ${problem}`);
  return answer;
};
