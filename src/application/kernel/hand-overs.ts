/**
 * What one step of a call leaves on this node for the next, taken once: what the voice webhook's
 * answer read for the session that opens a moment later, and what an ended session knew for the
 * call's end. Each is an optimisation only. The next step that finds nothing here (it ran on
 * another node, came too late, or its entry was evicted) reads storage, as it would anyway.
 *
 * Bounded by count and by age, in the order entries were kept: as an entry is kept, the oldest go
 * if there are too many or they waited too long, and an entry taken too late gives nothing. A quiet
 * node so holds at most `most` entries until its next call (no timer runs for them).
 */
export class HandOvers<V> {
  private readonly kept = new Map<string, { readonly value: V; readonly at: number }>();

  /** `now`: monotonic milliseconds. */
  constructor(
    private readonly now: () => number,
    private readonly most: number,
    private readonly forMs: number,
  ) {}

  /** Keeps `value` for `key`'s next step (in place of anything kept for it before). */
  keep(key: string, value: V): void {
    const now = this.now();
    this.kept.delete(key);
    this.kept.set(key, { value, at: now });
    for (const [oldest, { at }] of this.kept) {
      if (this.kept.size <= this.most && now - at <= this.forMs) break;
      this.kept.delete(oldest);
    }
  }

  /** What was kept for `key` and is still fresh, given once; then nothing. */
  take(key: string): { readonly value: V; readonly at: number } | null {
    const entry = this.kept.get(key);
    if (!entry) return null;
    this.kept.delete(key);
    return this.now() - entry.at <= this.forMs ? entry : null;
  }

  clear(): void {
    this.kept.clear();
  }
}
