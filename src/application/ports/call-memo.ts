/**
 * What one step of a call read or knew, kept on this node for the call's next step a moment
 * later, and taken once: what answering a call read, for its session; what an ended session
 * knew, for the call's end. Only ever an optimisation: a step that finds nothing (it ran on
 * another node, came too late, or the entry made room for newer ones) reads storage, as it
 * would anyway. Bounded by count and age, so a node whose calls' next steps all go elsewhere
 * holds little.
 */
export interface CallMemo<V> {
  /** Keeps `value` for the call's next step, in place of anything kept for it before. */
  keep(callId: string, value: V): void;
  /** What was kept for the call and is still fresh, with when it was kept (monotonic ms), given once; then nothing. */
  take(callId: string): { readonly value: V; readonly at: number } | null;
  /** Forgets everything kept. */
  clear(): void;
}
