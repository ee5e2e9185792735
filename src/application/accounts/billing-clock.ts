import { errorMessage, PeriodicTask } from '../kernel/periodic-task.js';
import * as E from 'fp-ts/lib/Either.js';
import { addMonths, periodsDue, type BillingPeriod } from '../../domain/billing.js';
import { charge, type LedgerReason } from '../../domain/ledger.js';
import type { Cents } from '../../domain/money.js';
import { ledgerAccountFor, type Project } from '../../domain/project.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { Repositories } from '../ports/repositories.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ProjectListQuery } from '../queries/project-list-query.js';

export interface BillingClockDeps {
  readonly uow: UnitOfWork;
  /** Which projects there are: read outside the units of work, each of which locks its project anew. */
  readonly projects: ProjectListQuery;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  readonly prices: { readonly numberMonthly: Cents; readonly recordingMonthly: Cents };
}

export interface RenewalReport {
  readonly charges: number;
  readonly totalCents: number;
}

export const HOURLY = 60 * 60 * 1000;
const PROJECT_PAGE = 100;
const NUMBER_PAGE = 100;

/**
 * Monthly renewals of live numbers and of the recording add-on.
 *
 * Design: nothing but the ledger says what is paid. Every monthly charge records the end of
 * the month it pays for (`periodEnd`); an item is paid through the latest of these. When that
 * date has come, the clock charges the next month, starting where the last one ended (no
 * drift; months missed while no node ran are caught up, at most a year). A number's first
 * month is charged at provisioning; an add-on enabled without a charge is charged from now.
 * Each project is renewed in its own unit of work under the project's lock, so two runs or
 * two nodes charge each month once.
 *
 * A balance that cannot cover a renewal is charged anyway and goes negative: numbers stay
 * live and data is kept; provisioning is refused (INSUFFICIENT_BALANCE) until it is topped up.
 */
export class BillingClock {
  private readonly schedule = new PeriodicTask(
    () => this.renewDue(),
    (error) => this.deps.logger.error({ err: { message: errorMessage(error) } }, 'renewals failed'),
  );

  constructor(private readonly deps: BillingClockDeps) {}

  async renewDue(now: Date = this.deps.clock.now()): Promise<RenewalReport> {
    let charges = 0;
    let totalCents = 0;
    for (let offset = 0; ; offset += PROJECT_PAGE) {
      const page = await this.deps.projects.page({ limit: PROJECT_PAGE, offset, email: null });
      for (const { id } of page.items) {
        try {
          const renewed = await this.deps.uow.transaction((tx) => this.renewProject(tx, id, now));
          if (E.isRight(renewed)) {
            charges += renewed.right.charges;
            totalCents += renewed.right.totalCents;
          }
        } catch (error) {
          // One project's failure must not stop the others' renewals; the next run retries it.
          this.deps.logger.error({ projectId: id, err: { message: errorMessage(error) } }, 'renewal failed');
        }
      }
      if (offset + PROJECT_PAGE >= page.total) break;
    }
    if (charges > 0) this.deps.logger.info({ charges, totalCents }, 'monthly renewals charged');
    return { charges, totalCents };
  }

  /** Runs `renewDue` now and then every `intervalMs`; failures are logged, never thrown. */
  start(intervalMs: number = HOURLY): void {
    this.schedule.start(intervalMs, { runNow: true });
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    await this.schedule.stop();
  }

  private async renewProject(tx: Repositories, projectId: string, now: Date): Promise<E.Either<never, RenewalReport>> {
    const project = await tx.projects.lockById(projectId);
    // A closed sub-account released its numbers; nothing of it renews.
    if (!project || project.status === 'closed') return E.right({ charges: 0, totalCents: 0 });
    const account = ledgerAccountFor(project);
    let charges = 0;
    let totalCents = 0;
    const bill = async (resourceId: string, reason: LedgerReason, price: Cents, periods: readonly BillingPeriod[]) => {
      for (const period of periods) {
        await tx.ledger.append(
          charge({ id: this.deps.ids.next('led'), projectId: account, price, reason, resourceId, periodEnd: period.end, createdAt: now }),
        );
        charges += 1;
        totalCents += price;
      }
    };
    for (let offset = 0; ; offset += NUMBER_PAGE) {
      const numbers = await tx.numbers.listLive(projectId, { limit: NUMBER_PAGE, offset });
      for (const number of numbers.items) {
        // A number from before periods were recorded paid its first month at provisioning.
        const paidThrough = (await tx.ledger.paidThrough(account, number.id)) ?? addMonths(number.createdAt, 1);
        await bill(number.id, 'number_renewal', this.deps.prices.numberMonthly, periodsDue(paidThrough, now));
      }
      if (offset + NUMBER_PAGE >= numbers.total) break;
    }
    await this.renewRecording(tx, project, now, bill);
    return E.right({ charges, totalCents });
  }

  private async renewRecording(
    tx: Repositories,
    project: Project,
    now: Date,
    bill: (resourceId: string, reason: LedgerReason, price: Cents, periods: readonly BillingPeriod[]) => Promise<void>,
  ): Promise<void> {
    if (!project.recordingEnabled) return;
    const paidThrough = await tx.ledger.paidThrough(ledgerAccountFor(project), project.id);
    const periods = paidThrough ? periodsDue(paidThrough, now) : [{ start: now, end: addMonths(now, 1) }];
    await bill(project.id, 'recording_renewal', this.deps.prices.recordingMonthly, periods);
  }
}
