export const USER_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type UserSentiment = (typeof USER_SENTIMENTS)[number];

/**
 * `pending`: queued or being retried; `completed`: `result` holds it; `failed`: the model
 * never gave a usable answer (`error` says why); `unavailable`: no language model is
 * configured, so none is attempted (`error` says so).
 */
export type AnalysisStatus = 'pending' | 'completed' | 'failed' | 'unavailable';

/** What the model made of a finished call. */
export interface AnalysisResult {
  readonly summary: string;
  readonly userSentiment: UserSentiment;
  readonly callSuccessful: boolean;
  /** The fields of the agent's `analysisSchema`, validated against it; null when it has none. */
  readonly extracted: Readonly<Record<string, unknown>> | null;
}

/** The post-call analysis of one call: a durable job and, once done, its result. */
export interface CallAnalysis {
  readonly callId: string;
  readonly projectId: string;
  readonly status: AnalysisStatus;
  readonly attempts: number;
  /** When a pending job is next tried. */
  readonly nextAttemptAt: Date | null;
  readonly result: AnalysisResult | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

/** At most this many tries; the waits between them double from the first. */
export const MAX_ANALYSIS_ATTEMPTS = 6;

export const queueAnalysis = (props: { callId: string; projectId: string; now: Date }): CallAnalysis => ({
  callId: props.callId,
  projectId: props.projectId,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: props.now,
  result: null,
  error: null,
  createdAt: props.now,
  completedAt: null,
});

export const unavailableAnalysis = (props: { callId: string; projectId: string; now: Date; why: string }): CallAnalysis => ({
  ...queueAnalysis(props),
  status: 'unavailable',
  nextAttemptAt: null,
  error: props.why,
});

export const completeAnalysis = (analysis: CallAnalysis, result: AnalysisResult, now: Date): CallAnalysis => ({
  ...analysis,
  status: 'completed',
  attempts: analysis.attempts + 1,
  nextAttemptAt: null,
  result,
  error: null,
  completedAt: now,
});

/** A failed try: retried after `backoffMs × 2^(attempts-1)`, until the attempts run out. */
export const analysisAttemptFailed = (analysis: CallAnalysis, error: string, now: Date, backoffMs: number): CallAnalysis => {
  const attempts = analysis.attempts + 1;
  if (attempts >= MAX_ANALYSIS_ATTEMPTS) return { ...analysis, status: 'failed', attempts, nextAttemptAt: null, error, completedAt: now };
  return { ...analysis, attempts, nextAttemptAt: new Date(now.getTime() + backoffMs * 2 ** (attempts - 1)), error };
};
