/** A run's seed when none is given: printed, so the run can be replayed with it. */
export const freshSeed = (random: () => number): number => Math.floor(random() * 0x7fffffff);

/**
 * A scenario's own seed from the run's and its name (FNV-1a): the same whatever order or
 * concurrency the run had, so one scenario replays alone with the run's seed.
 */
export const scenarioSeed = (runSeed: number, name: string): number => {
  let hash = 0x811c9dc5 ^ runSeed;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
};
