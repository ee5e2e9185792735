import type { TranscriptTurn } from './call.js';

/** The median and 95th percentile of a call's answers' first text, in ms; null without any. */
export interface CallLatency {
  readonly latencyP50Ms: number | null;
  readonly latencyP95Ms: number | null;
}

/** The nearest-rank percentile `p` (0–100) of values sorted ascending. */
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A call's latency figures from its turns: the time to each answer's first text frame. */
export const callLatencyOf = (turns: readonly TranscriptTurn[]): CallLatency => {
  const figures: number[] = [];
  for (const turn of turns) {
    const first = turn.latency?.firstTextMs;
    if (first !== undefined && first !== null) figures.push(first);
  }
  if (figures.length === 0) return { latencyP50Ms: null, latencyP95Ms: null };
  figures.sort((a, b) => a - b);
  return { latencyP50Ms: percentile(figures, 50), latencyP95Ms: percentile(figures, 95) };
};
