/** What finishing a call needs of the post-call analyst: whether analyses can run, and a nudge. */
export interface AnalysisQueue {
  /** Null: analyses run; else why not (no model), stored on the call's analysis. */
  readonly unavailableBecause: string | null;
  /** A new analysis was queued: look for work soon. */
  poke(): void;
}
