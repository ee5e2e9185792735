import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { inMemoryLedgerQuery } from '../../../../src/adapters/memory/in-memory-record-queries.js';
import { inMemoryProjectListQuery } from '../../../../src/adapters/memory/in-memory-project-queries.js';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import { BillingClock } from '../../../../src/application/accounts/billing-clock.js';
import { SetRecording } from '../../../../src/application/use-cases/projects/set-recording.js';
import { cents } from '../../../../src/domain/money.js';
import { newProject } from '../../../../src/domain/project.js';
import { trustMailbox } from '../../../../src/domain/mailbox.js';

const start = new Date('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;

const aWorld = async () => {
  const uow = new InMemoryUnitOfWork();
  const clock = new FixedClock(start);
  const ids = new TimeSortableIdGenerator();
  await uow.transaction(async (tx) => E.right(await tx.projects.save(newProject({ id: 'proj_rec', email: trustMailbox('rec@example.com'), now: start }))));
  const prices = { numberMonthly: cents(300), recordingMonthly: cents(500) };
  const sut = new SetRecording({ uow, clock, ids, recordingMonthlyPrice: prices.recordingMonthly });
  const billing = new BillingClock({ uow, projects: inMemoryProjectListQuery(uow), clock, ids, logger: silentLogger(), prices });
  const ledger = async () => {
    const page = await inMemoryLedgerQuery(uow).page('proj_rec', { limit: 50, offset: 0 });
    return (page?.items ?? []).map((e) => ({ amount: e.amountCents, reason: e.reason, periodEnd: e.periodEnd?.toISOString() ?? null }));
  };
  return { sut, billing, clock, ledger };
};

describe(SetRecording.name, () => {
  it('charges the first month when turned on, and the billing clock renews it a month later, once', async () => {
    const { sut, billing, clock, ledger } = await aWorld();

    const on = await sut.execute({ projectId: 'proj_rec', enabled: true })();
    expect(E.isRight(on) && on.right.project.recordingEnabled).toBe(true);
    expect(await ledger()).toEqual([{ amount: -500, reason: 'recording_renewal', periodEnd: '2026-04-10T12:00:00.000Z' }]);

    clock.advance(15 * DAY);
    expect((await billing.renewDue()).charges).toBe(0);
    clock.set(new Date('2026-04-10T12:00:00.000Z'));
    expect((await billing.renewDue()).charges).toBe(1);
    expect((await billing.renewDue()).charges).toBe(0);
    expect((await ledger())[0]).toEqual({ amount: -500, reason: 'recording_renewal', periodEnd: '2026-05-10T12:00:00.000Z' });
  });

  it('charges nothing to turn it off, and nothing to turn it on again within a paid month', async () => {
    const { sut, billing, clock, ledger } = await aWorld();
    await sut.execute({ projectId: 'proj_rec', enabled: true })();
    const off = await sut.execute({ projectId: 'proj_rec', enabled: false })();
    expect(E.isRight(off) && off.right).toMatchObject({ project: { recordingEnabled: false }, charge: null });

    clock.advance(40 * DAY);
    expect((await billing.renewDue()).charges).toBe(0);
    const again = await sut.execute({ projectId: 'proj_rec', enabled: true })();
    expect(E.isRight(again) && again.right.charge?.amountCents).toBe(-500);
    expect((await ledger()).map((e) => e.amount)).toEqual([-500, -500]);
  });

  it('is NotFound for a project that does not exist', async () => {
    const { sut } = await aWorld();
    expect(await sut.execute({ projectId: 'proj_none', enabled: true })()).toEqual(E.left({ _tag: 'NotFound', resource: 'project', id: 'proj_none' }));
  });
});
