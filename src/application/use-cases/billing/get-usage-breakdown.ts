import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { LocalDate } from '../../../domain/calling-window.js';
import { notFound, type FieldProblem, type NotFound, type Validation } from '../../errors.js';
import type { UsageGrouping, UsageLine } from '../../queries/usage-query.js';
import type { UsageSeriesDeps } from './usage-series.js';

/** A calendar period of the caller's zone, the one holding now. */
export const USAGE_PERIODS = ['day', 'week', 'month'] as const;
export type UsagePeriodName = (typeof USAGE_PERIODS)[number];

/** The longest window `from`/`to` may span, in days. */
export const MAX_BREAKDOWN_DAYS = 366;

export interface GetUsageBreakdownInput {
  readonly projectId: string;
  readonly by: UsageGrouping;
  /** The current day, week (Monday first) or month; with neither it nor `from`/`to`, the month. */
  readonly period: UsagePeriodName | null;
  /** Local calendar days of `zone`, both included. */
  readonly from: LocalDate | null;
  readonly to: LocalDate | null;
  readonly zone: string;
  /**
   * The last `count` days or months of `zone`'s calendar, the current one last (AgentPhone's
   * `days` / `months` of its MCP tool); absent or null: `period` or `from`/`to` say the window.
   */
  readonly last?: { readonly unit: 'day' | 'month'; readonly count: number; readonly field: string } | null;
}

/** The window's local first and last days, and the lines. */
export interface UsageBreakdown {
  readonly by: UsageGrouping;
  readonly period: UsagePeriodName | null;
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly zone: string;
  readonly lines: readonly UsageLine[];
}

export type GetUsageBreakdownError = NotFound | Validation;

const problem = (field: string, message: string): FieldProblem => ({ field, message, type: 'value_error' });

const dayNumber = (date: LocalDate): number => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** Per number or per agent: calls, minutes, texts in and out, charges, over a window of the caller's calendar. */
export class GetUsageBreakdown {
  constructor(private readonly deps: UsageSeriesDeps) {}

  execute(input: GetUsageBreakdownInput): TE.TaskEither<GetUsageBreakdownError, UsageBreakdown> {
    return async () => {
      const window = this.windowOf(input);
      if (E.isLeft(window)) return window;
      const project = await this.deps.uow.transaction(async (repos) => E.right(await repos.projects.findById(input.projectId)));
      if (E.isLeft(project) || project.right === null) return E.left(notFound('project', input.projectId));
      const { from, to } = window.right;
      const { calendar } = this.deps;
      const lines = await this.deps.usage.breakdown({
        projectId: input.projectId,
        by: input.by,
        from: calendar.instantAt(from, 0, input.zone),
        to: calendar.instantAt(calendar.plusDays(to, 1), 0, input.zone),
      });
      return E.right({ by: input.by, period: window.right.period, from, to, zone: input.zone, lines });
    };
  }

  /** Every problem of the window at once: the zone, both ways of naming it, the days' order and span. */
  private windowOf(input: GetUsageBreakdownInput): E.Either<Validation, { period: UsagePeriodName | null; from: LocalDate; to: LocalDate }> {
    const problems: FieldProblem[] = [];
    const known = this.deps.calendar.isKnownZone(input.zone);
    if (!known) problems.push(problem('tz', 'must name an IANA time zone, e.g. America/New_York'));
    const ranged = input.from !== null || input.to !== null;
    const last = input.last ?? null;
    if (last !== null && (ranged || input.period !== null)) {
      problems.push(problem(input.period !== null ? 'period' : input.from !== null ? 'from' : 'to', `cannot be sent with ${last.field}; send one or the other`));
    }
    if (ranged && input.period !== null) problems.push(problem('period', 'cannot be sent with from and to; send one or the other'));
    if (ranged && (input.from === null || input.to === null)) problems.push(problem(input.from === null ? 'from' : 'to', 'must be sent with the other end of the window'));
    if (input.from && input.to) {
      const span = dayNumber(input.to) - dayNumber(input.from);
      if (span < 0) problems.push(problem('to', 'must not be before from'));
      else if (span >= MAX_BREAKDOWN_DAYS) problems.push(problem('to', `must be at most ${MAX_BREAKDOWN_DAYS} days after from, counting both`));
    }
    if (problems.length > 0) return E.left({ _tag: 'Validation', message: problems.map((p) => `${p.field} ${p.message}`).join('; '), details: problems });
    if (input.from && input.to) return E.right({ period: null, from: input.from, to: input.to });
    const period = input.period ?? 'month';
    const { calendar } = this.deps;
    const today = calendar.dayOf(this.deps.clock.now(), input.zone);
    if (last !== null) return E.right({ period: null, ...lastPeriods(calendar, today, last.unit, last.count) });
    if (period === 'day') return E.right({ period, from: today, to: today });
    if (period === 'week') {
      const monday = calendar.plusDays(today, 1 - today.weekday);
      return E.right({ period, from: monday, to: calendar.plusDays(monday, 6) });
    }
    return E.right({ period, ...lastPeriods(calendar, today, 'month', 1) });
  }
}

/** The first day of the month `back` months before `date`'s. */
const monthStart = (date: LocalDate, back: number): LocalDate => {
  const index = date.year * 12 + (date.month - 1) - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
};

/** The last `count` days, or months, of the calendar, the one holding `today` last and whole. */
const lastPeriods = (calendar: UsageSeriesDeps['calendar'], today: LocalDate, unit: 'day' | 'month', count: number) =>
  unit === 'day'
    ? { from: calendar.plusDays(today, 1 - count), to: today }
    : { from: monthStart(today, count - 1), to: calendar.plusDays(monthStart(today, -1), -1) };
