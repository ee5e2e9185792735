import { isDeepStrictEqual } from 'node:util';
import type { ReadVersion, Versioned } from '../../src/application/ports/read-version.js';
import type { Repositories } from '../../src/application/ports/repositories.js';

/** What a store said after a write: the version it gave, and the read it versions (null: none, as a 404). */
export interface VersionStep<R extends Versioned = Versioned> {
  /** The write just made; the first step is `before` any. */
  readonly what: string;
  readonly version: ReadVersion;
  readonly read: R | null;
}

/** The writes after which the version was still the one before: a test expects none, and is told which. */
export const unchangedBy = (steps: readonly VersionStep[]): string[] =>
  steps.slice(1).flatMap((step, i) => (step.version === steps[i]!.version ? [step.what] : []));

const answerOf = (read: Versioned | null): unknown => {
  if (read === null) return null;
  const { version: _version, ...answer } = read;
  return answer;
};

/**
 * What breaks the promise of a version (see ReadVersion), step by step: a read that answered
 * with another version than the store gave for it with nothing written between, and two steps
 * with one version but different answers. A test expects none.
 */
export const versionMismatches = (steps: readonly VersionStep[]): string[] => [
  ...steps.flatMap(({ what, version, read }) =>
    read !== null && read.version !== version ? [`after ${what}: read with ${read.version}, versioned ${version}`] : [],
  ),
  ...steps.flatMap((step, j) =>
    steps
      .slice(0, j)
      .filter((earlier) => earlier.version === step.version && !isDeepStrictEqual(answerOf(earlier.read), answerOf(step.read)))
      .map((earlier) => `after ${earlier.what} and after ${step.what}: one version, ${step.version}, two answers`),
  ),
];

/**
 * The steps of a test that writes and observes in turns: `before()`, then `after(what, write)`
 * for each write, made in a unit of work of its own (`inTx`) before the store is observed again.
 * `asked` picks what is read, where a test reads more than one page.
 */
export const versionSteps = <R extends Versioned, Q>(
  observe: (what: string, asked?: Q) => Promise<VersionStep<R>>,
  inTx: (write: (tx: Repositories) => Promise<unknown>) => Promise<unknown>,
) => ({
  before: (asked?: Q) => observe('before', asked),
  after: async (what: string, write: (tx: Repositories) => Promise<unknown>, asked?: Q): Promise<VersionStep<R>> => {
    await inTx(write);
    return observe(what, asked);
  },
});
