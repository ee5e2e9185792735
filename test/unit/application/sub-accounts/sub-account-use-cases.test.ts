import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../../src/adapters/in-process/in-process-event-bus.js';
import { InMemoryUnitOfWork } from '../../../../src/adapters/memory/in-memory-unit-of-work.js';
import { inMemoryProjectListQuery } from '../../../../src/adapters/memory/in-memory-project-queries.js';
import { TimeSortableIdGenerator } from '../../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import { BillingClock } from '../../../../src/application/accounts/billing-clock.js';
import type { AccessEvent } from '../../../../src/application/ports/event-bus.js';
import type { Repositories } from '../../../../src/application/ports/repositories.js';
import { CloseSubAccount } from '../../../../src/application/use-cases/sub-accounts/close-sub-account.js';
import { ResolveActingProject } from '../../../../src/application/use-cases/sub-accounts/resolve-acting-project.js';
import { cents } from '../../../../src/domain/money.js';
import type { Project } from '../../../../src/domain/project.js';
import { aNumber, anApiKey, aProject } from '../../../support/builders.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

const aWorld = async (children: Partial<Project>[]) => {
  const uow = new InMemoryUnitOfWork();
  const clock = new FixedClock(NOW);
  const parent = aProject({ id: 'proj_parent' });
  const subs = children.map((overrides, i) => aProject({ id: `proj_child${i}`, email: parent.email, parent: { id: parent.id, balance: 'shared' }, ...overrides }));
  const inTx = async <A>(work: (tx: Repositories) => Promise<A>): Promise<A> => {
    const result = await uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    return result.right;
  };
  await inTx(async (tx) => {
    for (const p of [parent, ...subs]) await tx.projects.save(p);
  });
  return { uow, clock, parent, subs, inTx };
};

describe(ResolveActingProject.name, () => {
  it('acts on an open child; refuses a suspended one as suspended and a closed one as unknown', async () => {
    const { uow, parent, subs } = await aWorld([{}, { status: 'suspended' }, { status: 'closed' }]);
    const sut = new ResolveActingProject({ uow });
    const principal = { projectId: parent.id, keyId: 'key_1' };
    const [open, suspended, closed] = subs as [Project, Project, Project];

    expect(await sut.execute({ principal, subAccountId: null })()).toEqual(E.right(principal));
    expect(await sut.execute({ principal, subAccountId: open.id })()).toEqual(E.right({ ...principal, projectId: open.id }));
    expect(await sut.execute({ principal, subAccountId: suspended.id })()).toEqual(E.left(expect.objectContaining({ _tag: 'Forbidden', code: 'PROJECT_SUSPENDED' })));
    expect(await sut.execute({ principal, subAccountId: closed.id })()).toEqual(E.left({ _tag: 'NotFound', resource: 'sub-account', id: closed.id }));
    expect(await sut.execute({ principal: { projectId: open.id, keyId: 'key_2' }, subAccountId: parent.id })()).toEqual(
      E.left({ _tag: 'NotFound', resource: 'sub-account', id: parent.id }),
    );
  });
});

describe(CloseSubAccount.name, () => {
  it('revokes the child’s keys and announces it, so caches of accepted keys forget them', async () => {
    const { uow, clock, parent, subs, inTx } = await aWorld([{}]);
    const child = subs[0]!;
    const key = anApiKey({ projectId: child.id });
    await inTx((tx) => tx.apiKeys.save(key));
    const eventBus = new InProcessEventBus();
    const heard: AccessEvent[] = [];
    await eventBus.subscribeAccess((event) => heard.push(event));

    const closed = await new CloseSubAccount({ uow, clock, eventBus }).execute({ parentId: parent.id, subAccountId: child.id })();

    expect(closed).toEqual(E.right(expect.objectContaining({ project: expect.objectContaining({ status: 'closed' }) })));
    expect((await inTx((tx) => tx.apiKeys.findById(key.id)))?.revokedAt).toEqual(NOW);
    expect(heard).toEqual([{ type: 'project-suspended', projectId: child.id }]);
  });
});

describe(`${BillingClock.name} on sub-accounts`, () => {
  it('renews a shared-balance child’s number on the parent’s ledger, an own-balance child’s on its own', async () => {
    const { uow, clock, parent, subs, inTx } = await aWorld([{}, { parent: { id: 'proj_parent', balance: 'own' } }]);
    const [shared, own] = subs as [Project, Project];
    const monthAgo = new Date('2026-02-09T12:00:00.000Z');
    const numbers = [aNumber({ projectId: shared.id, createdAt: monthAgo }), aNumber({ projectId: own.id, createdAt: monthAgo })];
    await inTx(async (tx) => {
      for (const n of numbers) await tx.numbers.save(n);
    });
    const billing = new BillingClock({ uow, projects: inMemoryProjectListQuery(uow), clock, ids: new TimeSortableIdGenerator(), logger: silentLogger(), prices: { numberMonthly: cents(300), recordingMonthly: cents(500) } });

    await billing.renewDue();
    await billing.renewDue();

    const balances = await inTx(async (tx) => Promise.all([parent, shared, own].map((p) => tx.ledger.balanceOf(p.id))));
    expect(balances).toEqual([-300, 0, -300]);
  });
});
