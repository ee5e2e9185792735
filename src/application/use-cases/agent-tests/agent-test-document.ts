import * as E from 'fp-ts/lib/Either.js';
import { AGENT_TEST_LIMITS } from '../../../domain/agent-test.js';
import { tooLarge, validation, type TooLarge, type Validation } from '../../errors.js';

/** A scenario document and the name it gives itself, as the edge decoded them. */
export interface AgentTestInput {
  readonly name: string;
  /** The scenario as given, without its `agent` (always the test's own). */
  readonly scenario: Readonly<Record<string, unknown>>;
}

/** Refuses a document over the size a test may keep. */
export const checkedDocument = (input: AgentTestInput): E.Either<TooLarge | Validation, AgentTestInput> => {
  const size = JSON.stringify(input.scenario).length;
  if (size > AGENT_TEST_LIMITS.scenarioChars) return E.left(tooLarge(`a test's scenario may hold at most ${AGENT_TEST_LIMITS.scenarioChars} characters of JSON; this one holds ${size}`));
  if (input.name.trim() === '') return E.left(validation('name', 'must not be empty'));
  return E.right(input);
};
