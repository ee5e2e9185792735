import type { AdminBuilder } from './builder.js';

/** A call's post-call analysis, as the Call type shows it. */
export const defineCallAnalysisType = (builder: AdminBuilder): void => {
  builder.objectType('CallAnalysis', {
    description: 'What the model made of a finished call (pending, completed, failed, or unavailable without a model).',
    fields: (t) => ({
      status: t.exposeString('status'),
      summary: t.string({ nullable: true, resolve: (a) => a.result?.summary ?? null }),
      userSentiment: t.string({ nullable: true, resolve: (a) => a.result?.userSentiment ?? null }),
      callSuccessful: t.boolean({ nullable: true, resolve: (a) => a.result?.callSuccessful ?? null }),
      extracted: t.field({ type: 'JSON', nullable: true, resolve: (a) => a.result?.extracted ?? null }),
      error: t.string({ nullable: true, resolve: (a) => (a.status === 'completed' ? null : a.error) }),
      attempts: t.exposeInt('attempts'),
      completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    }),
  });
};
