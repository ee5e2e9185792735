import * as E from 'fp-ts/lib/Either.js';
import {
  analysisAttemptFailed,
  completeAnalysis,
  USER_SENTIMENTS,
  type AnalysisResult,
  type CallAnalysis,
  type UserSentiment,
} from '../../domain/call-analysis.js';
import { callAnalyzedEvent } from '../events/call-analyzed-event.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';
import { LanguageModelFailure, type LanguageModel } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { OutboundEventEncoder } from '../ports/outbound-event-encoder.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { DeliveryTrigger } from '../ports/webhook-repositories.js';
import { endpointFor, queueWebhookEvent } from '../webhooks/outbox.js';
import { analysisAnswerSchema, analysisMessages } from './call-analysis-prompt.js';
import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';
import type { AnalysisQueue } from '../ports/analysis-queue.js';
import { NO_TRACING, type Tracing } from '../ports/tracing.js';

export interface CallAnalystDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /** Null: no model is configured; analyses are stored `unavailable`. */
  readonly model: LanguageModel | null;
  readonly schemas: JsonSchemaValidator;
  readonly eventEncoder: OutboundEventEncoder;
  readonly deliveryTrigger: DeliveryTrigger | null;
  /** The first retry's wait; each next one doubles. Default 5 s. */
  readonly backoffMs?: number;
  /** How long a claimed analysis is held from other workers. Default 2 min. */
  readonly leaseMs?: number;
  /** How often storage is looked at for due analyses. Default 2 s. */
  readonly pollMs?: number;
  /** Traces each analysis; absent: not traced. */
  readonly tracing?: Tracing;
}

const BATCH = 5;

class UnusableAnswer extends Error {}

const parseAnswer = (text: string): unknown => {
  const trimmed = text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    throw new UnusableAnswer(`the model's answer is not JSON: ${trimmed.slice(0, 120)}`);
  }
};

/**
 * The post-call analysis worker. Finishing a call queues its analysis in the same transaction
 * (so a restart loses none); this worker claims due analyses from storage, asks the model for
 * structured output (summary, sentiment, success, the agent's own fields), validates the answer
 * against the schema, and stores the result and queues `agent.call_analyzed` together. A model
 * error or an unusable answer is retried with a doubling wait, up to MAX_ANALYSIS_ATTEMPTS.
 * Nothing here runs on a call's path: ending a call never waits for it.
 */
export class CallAnalyst implements AnalysisQueue {
  private readonly schedule = new PeriodicTask(
    () => this.runOnce(),
    (error) => this.deps.logger.error({ err: { message: errorMessage(error) } }, 'post-call analysis failed'),
  );
  private poked: NodeJS.Timeout | null = null;
  /** A run a poke started, which stopping waits for. */
  private pokedRun: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(private readonly deps: CallAnalystDeps) {}

  get unavailableBecause(): string | null {
    return this.deps.model ? null : 'no language model is configured (set LLM_BASE_URL and LLM_MODEL)';
  }

  start(): void {
    this.stopped = false;
    this.schedule.start(this.deps.pollMs ?? 2000, { runNow: true });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poked) clearTimeout(this.poked);
    this.poked = null;
    await this.schedule.stop();
    await this.pokedRun;
  }

  poke(): void {
    if (this.stopped || this.poked) return;
    this.poked = setTimeout(() => {
      this.poked = null;
      this.pokedRun = this.runOnce().catch((error: unknown) => this.deps.logger.error({ err: { message: errorMessage(error) } }, 'post-call analysis failed'));
    }, 0);
    this.poked.unref?.();
  }

  /** Analyses what is due now; the number it tried. */
  async runOnce(): Promise<number> {
    if (!this.deps.model) return 0;
    const claimed = await this.deps.uow.transaction(async (tx) =>
      E.right(await tx.callAnalyses.claimDue(this.deps.clock.now(), BATCH, this.deps.leaseMs ?? 120_000)),
    );
    if (E.isLeft(claimed)) return 0;
    for (const job of claimed.right) await this.analyse(job);
    return claimed.right.length;
  }

  private async analyse(job: CallAnalysis): Promise<void> {
    const log = this.deps.logger.child({ callId: job.callId });
    const loaded = await this.deps.uow.transaction(async (tx) => {
      const call = await tx.calls.findByIdInAnyProject(job.callId);
      const agent = call?.agentId ? await tx.agents.findById(call.projectId, call.agentId) : null;
      const turns = call ? await tx.transcripts.listByCall(call.id) : [];
      return E.right({ call, agent, turns });
    });
    if (E.isLeft(loaded) || !loaded.right.call) return;
    const { call, agent, turns } = loaded.right;
    const span = (this.deps.tracing ?? NO_TRACING).start('post-call analysis');
    if (span.recording) {
      span.set('switchboard.call.id', call.id);
      span.set('switchboard.analysis.attempt', job.attempts + 1);
    }
    let outcome: { result: AnalysisResult } | { error: string };
    try {
      outcome = { result: await this.ask(analysisMessages(call, agent, turns), analysisAnswerSchema(agent), agent?.analysisSchema ?? null) };
    } catch (error) {
      const why = error instanceof LanguageModelFailure || error instanceof UnusableAnswer ? error.message : `unexpected failure: ${errorMessage(error)}`;
      outcome = { error: why };
      span.fail(why);
    }
    span.end();
    const now = this.deps.clock.now();
    const queued = await this.deps.uow.transaction(async (tx) => {
      const current = (await tx.callAnalyses.findByCall(job.callId)) ?? job;
      if (current.status !== 'pending') return E.right(false);
      if ('error' in outcome) {
        const failed = analysisAttemptFailed(current, outcome.error, now, this.deps.backoffMs ?? 5000);
        await tx.callAnalyses.save(failed);
        log.warn({ attempts: failed.attempts, status: failed.status, err: outcome.error }, 'post-call analysis attempt failed');
        return E.right(false);
      }
      await tx.callAnalyses.save(completeAnalysis(current, outcome.result, now));
      const webhook = await endpointFor(tx, call.projectId, call.agentId);
      if (webhook) await queueWebhookEvent(tx, this.deps, webhook, callAnalyzedEvent(call, outcome.result, now));
      log.info({ callSuccessful: outcome.result.callSuccessful, userSentiment: outcome.result.userSentiment }, 'call analysed');
      return E.right(webhook !== null);
    });
    if (E.isRight(queued) && queued.right) this.deps.deliveryTrigger?.poke();
  }

  private async ask(messages: ReturnType<typeof analysisMessages>, schema: Record<string, unknown>, extractedSchema: Readonly<Record<string, unknown>> | null): Promise<AnalysisResult> {
    let text = '';
    const signal = new AbortController().signal;
    await this.deps.model!.stream({ messages, tools: [], signal, responseFormat: { name: 'call_analysis', schema } }, (chunks) => {
      for (const chunk of chunks) if (chunk.type === 'text') text += chunk.delta;
    });
    const answer = parseAnswer(text);
    const problem = this.deps.schemas.valueProblem(schema, answer);
    if (problem) throw new UnusableAnswer(`the model's answer does not follow the schema: ${problem}`);
    const value = answer as { summary: string; userSentiment: UserSentiment; callSuccessful: boolean; extracted?: Record<string, unknown> };
    if (!USER_SENTIMENTS.includes(value.userSentiment)) throw new UnusableAnswer('userSentiment is not positive, neutral or negative');
    return {
      summary: value.summary,
      userSentiment: value.userSentiment,
      callSuccessful: value.callSuccessful,
      extracted: extractedSchema ? (value.extracted ?? {}) : null,
    };
  }
}
