/**
 * Values by key, at most `most` of them, for what every request asks again (a query string, a
 * route, a client address). Once full, all are forgotten and kept anew: a flood of distinct keys
 * empties it rather than growing it, and what is asked again comes back after one miss. A key
 * longer than `longestKey` is never kept, so the bound is one of kilobytes, not of megabytes.
 */
export class BoundedMemo<V> {
  private readonly kept = new Map<string, V>();

  constructor(
    private readonly most: number,
    private readonly longestKey = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    return this.kept.get(key);
  }

  /** Keeps `value` under `key` (unless the key is too long), and gives it back. */
  keep(key: string, value: V): V {
    if (key.length > this.longestKey) return value;
    if (this.kept.size >= this.most) this.kept.clear();
    this.kept.set(key, value);
    return value;
  }

  clear(): void {
    this.kept.clear();
  }
}
