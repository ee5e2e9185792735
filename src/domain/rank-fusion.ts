/**
 * Reciprocal-rank fusion's constant: how much the first places of one ranking outweigh the rest.
 * The value of Cormack, Clarke and Büttcher's paper, which most search engines keep.
 */
export const RRF_K = 60;

/** An item of a fused ranking and its fused score (higher is better). */
export interface Fused<T> {
  readonly item: T;
  readonly score: number;
}

/**
 * Combines rankings of the same kind of items (each best first) by reciprocal-rank fusion: an
 * item scores the sum of `1 / (k + rank)` over the rankings it appears in, so one found near the
 * top by both full text and vectors beats one found by either alone, and no ranking's scores need
 * to be comparable with another's. Items are the same when `keyOf` says so; the first ranking's
 * copy of an item is kept. Ties keep the order of the first ranking an item appears in.
 */
export const fuseRankings = <T>(rankings: readonly (readonly T[])[], keyOf: (item: T) => string, k: number = RRF_K): Fused<T>[] => {
  const fused = new Map<string, { item: T; score: number; order: number }>();
  let order = 0;
  for (const ranking of rankings) {
    const seen = new Set<string>();
    ranking.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) return;
      seen.add(key);
      const entry = fused.get(key);
      const gain = 1 / (k + index + 1);
      if (entry) entry.score += gain;
      else fused.set(key, { item, score: gain, order: order++ });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.order - b.order).map(({ item, score }) => ({ item, score }));
};
