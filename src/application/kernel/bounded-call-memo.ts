import type { CallMemo } from '../ports/call-memo.js';

/**
 * How many entries a memo keeps, and for how long, unless told otherwise: the carrier connects a
 * call's media within a second or so of its answer, and reports its end within a second or so of
 * the hang-up. Bounded by count too, so that a node whose calls' next steps all go elsewhere holds
 * a few megabytes of them at most.
 */
export const CALL_MEMO_ENTRIES = 1024;
export const CALL_MEMO_MS = 10_000;

/**
 * A {@link CallMemo} in this process's memory, bounded in the order entries were kept: as an entry
 * is kept, the oldest go if there are too many or they waited too long, and an entry taken too
 * late gives nothing. A quiet node so holds at most `most` entries until its next call (no timer
 * runs for them).
 */
export class BoundedCallMemo<V> implements CallMemo<V> {
  private readonly kept = new Map<string, { readonly value: V; readonly at: number }>();

  /** `now`: monotonic milliseconds. */
  constructor(
    private readonly now: () => number,
    private readonly most: number = CALL_MEMO_ENTRIES,
    private readonly forMs: number = CALL_MEMO_MS,
  ) {}

  keep(callId: string, value: V): void {
    const now = this.now();
    this.kept.delete(callId);
    this.kept.set(callId, { value, at: now });
    for (const [oldest, { at }] of this.kept) {
      if (this.kept.size <= this.most && now - at <= this.forMs) break;
      this.kept.delete(oldest);
    }
  }

  take(callId: string): { readonly value: V; readonly at: number } | null {
    const entry = this.kept.get(callId);
    if (!entry) return null;
    this.kept.delete(callId);
    return this.now() - entry.at <= this.forMs ? entry : null;
  }

  clear(): void {
    this.kept.clear();
  }
}
