import type * as E from 'fp-ts/lib/Either.js';
import type { Scenario } from './scenario.js';

/** Reads a kept scenario document into a scenario, the codec of the scenario files' edge. */
export interface ScenarioReader {
  /** Left: every problem of a document that does not decode (a test kept before the format changed, say), field by field. */
  read(document: Readonly<Record<string, unknown>>): E.Either<readonly string[], Scenario>;
}

