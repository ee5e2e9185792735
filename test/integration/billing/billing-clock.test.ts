import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { usageRoutes } from '../../../src/adapters/rest/routes/usage.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { BillingClock } from '../../../src/application/accounts/billing-clock.js';
import { queriesOf } from '../../../src/bootstrap/composition/store-queries.js';
import { cents } from '../../../src/domain/money.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

const MARCH_10 = new Date('2026-03-10T12:00:00.000Z');
const APRIL_10 = new Date('2026-04-10T12:00:00.000Z');

const setUp = async () => {
  const clock = new FixedClock(MARCH_10);
  const h = await aSwitchboard({ clock });
  const sut = new BillingClock({
    uow: h.uow,
    projects: queriesOf(h.uow).projects,
    clock,
    ids: new TimeSortableIdGenerator(),
    logger: h.logger,
    prices: { numberMonthly: cents(300), recordingMonthly: cents(500) },
  });
  const owner = await h.signedUp('billing@example.com'); // 10.00 credit, first month 3.00: 7.00
  const ledger = async () => (await queriesOf(h.uow).ledger.page(owner.project_id, { limit: 100, offset: 0 }))?.items ?? [];
  const renewals = async () => (await ledger()).filter((e) => e.reason.endsWith('_renewal'));
  const balance = () => h.read((tx) => tx.ledger.balanceOf(owner.project_id)).then(Number);
  const provision = () => h.call('POST', '/v1/numbers', { key: owner.api_key, body: {} });
  const enableRecording = () =>
    h.read(async (tx) => tx.projects.save({ ...(await tx.projects.findById(owner.project_id))!, recordingEnabled: true }));
  return { h, sut, clock, owner, ledger, renewals, balance, provision, enableRecording };
};

describe(BillingClock.name, () => {
  let h: SwitchboardHarness | undefined;
  afterEach(async () => {
    await h?.close();
  });

  it('charges nothing while every number is paid', async () => {
    const t = await setUp();
    h = t.h;

    t.clock.set(new Date(APRIL_10.getTime() - 1));
    const report = await t.sut.renewDue();

    expect(report).toEqual({ charges: 0, totalCents: 0 });
    expect(await t.renewals()).toEqual([]);
  });

  it('charges each live number once when its month is up, however often it runs', async () => {
    const t = await setUp();
    h = t.h;
    await t.provision(); // 4.00 left

    t.clock.set(APRIL_10);
    const first = await t.sut.renewDue();
    const second = await t.sut.renewDue();

    expect(first).toEqual({ charges: 2, totalCents: 600 });
    expect(second).toEqual({ charges: 0, totalCents: 0 });
    expect((await t.renewals()).map((e) => [e.reason, Number(e.amountCents), e.periodEnd?.toISOString()])).toEqual([
      ['number_renewal', -300, '2026-05-10T12:00:00.000Z'],
      ['number_renewal', -300, '2026-05-10T12:00:00.000Z'],
    ]);
    expect(await t.balance()).toBe(-200);
  });

  it('does not charge a released number', async () => {
    const t = await setUp();
    h = t.h;
    await t.h.call('DELETE', `/v1/numbers/${t.owner.number_id}`, { key: t.owner.api_key });

    t.clock.set(APRIL_10);
    await t.sut.renewDue();

    expect(await t.renewals()).toEqual([]);
  });

  it('catches up the months missed while no node ran, each month once, without drift', async () => {
    const t = await setUp();
    h = t.h;

    t.clock.set(new Date('2026-06-11T00:00:00.000Z'));
    await t.sut.renewDue();
    await t.sut.renewDue();

    expect((await t.renewals()).map((e) => e.periodEnd?.toISOString()).sort()).toEqual([
      '2026-05-10T12:00:00.000Z',
      '2026-06-10T12:00:00.000Z',
      '2026-07-10T12:00:00.000Z',
    ]);
  });

  it('charges the recording add-on from when it is found enabled, then monthly, once per month', async () => {
    const t = await setUp();
    h = t.h;
    await t.enableRecording();

    await t.sut.renewDue();
    await t.sut.renewDue();
    t.clock.set(new Date('2026-04-09T12:00:00.000Z'));
    await t.sut.renewDue();
    t.clock.set(APRIL_10);
    await t.sut.renewDue();

    const recording = (await t.renewals()).filter((e) => e.reason === 'recording_renewal');
    expect(recording.map((e) => [Number(e.amountCents), e.resourceId, e.periodEnd?.toISOString()]).sort()).toEqual([
      [-500, t.owner.project_id, '2026-04-10T12:00:00.000Z'],
      [-500, t.owner.project_id, '2026-05-10T12:00:00.000Z'],
    ]);
  });

  it('charges into a negative balance, keeps the numbers live, and refuses provisioning until topped up', async () => {
    const t = await setUp();
    h = t.h;
    await t.provision();
    await t.provision(); // 1.00 left, three numbers

    t.clock.set(APRIL_10);
    await t.sut.renewDue();

    expect(await t.balance()).toBe(-800);
    expect((await t.h.call('GET', '/v1/numbers', { key: t.owner.api_key })).body.total).toBe(3);
    const refused = await t.provision();
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('INSUFFICIENT_BALANCE');
    await t.h.sut.useCases().admin.creditAccount.execute({ projectId: t.owner.project_id, amount: cents(1100), reason: 'invoice 42' })();
    expect((await t.provision()).status).toBe(200);
  });

  it('runs once at start() and stops cleanly', async () => {
    const t = await setUp();
    h = t.h;
    t.clock.set(APRIL_10);

    t.sut.start(60_000);
    await t.sut.stop();

    expect(await t.renewals()).toHaveLength(1);
  });
});

describe(usageRoutes.name, () => {
  let h: SwitchboardHarness | undefined;
  afterEach(async () => {
    await h?.close();
  });

  it('states balance, numbers and this month’s charges as the ledger has them', async () => {
    const t = await setUp();
    h = t.h;
    await t.provision();
    await t.h.call('DELETE', `/v1/numbers/${t.owner.number_id}`, { key: t.owner.api_key });
    t.clock.set(APRIL_10);
    await t.sut.renewDue(); // one live number renewed in April

    const reply = await t.h.call('GET', '/v1/usage', { key: t.owner.api_key });

    const entries = await t.ledger();
    const sum = entries.reduce((total, e) => total + e.amountCents, 0);
    const april = entries.filter((e) => e.amountCents < 0 && e.createdAt >= new Date('2026-04-01T00:00:00.000Z'));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      balance: sum / 100,
      balanceCents: sum,
      currency: 'USD',
      numbers: { active: 1, provisionedLifetime: 2, limit: 10 },
      chargesThisMonthCents: -april.reduce((total, e) => total + e.amountCents, 0),
      chargesThisMonth: 3,
      recordingEnabled: false,
    });
    expect(reply.body).toMatchObject({ balanceCents: 100, chargesThisMonthCents: 300 });
  });

  it('needs an API key', async () => {
    const t = await setUp();
    h = t.h;

    expect((await t.h.call('GET', '/v1/usage')).status).toBe(401);
  });
});

describe('provisioning limits and the operator', () => {
  let h: SwitchboardHarness | undefined;
  afterEach(async () => {
    await h?.close();
  });

  it('refuses a number below 3.00 USD and allows it again after the operator credits the account', async () => {
    const t = await setUp();
    h = t.h;
    await t.provision(); // 4.00
    await t.provision(); // 1.00

    const refused = await t.provision();
    const credited = await t.h.sut.useCases().admin.creditAccount.execute({ projectId: t.owner.project_id, amount: cents(200), reason: null })();
    const allowed = await t.provision();

    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toContain('1.00 USD available, at least 3.00 USD required');
    expect(E.isRight(credited) && credited.right.balanceCents).toBe(300);
    expect(allowed.status).toBe(200);
    expect(await t.balance()).toBe(0);
  });

  it('refuses the 11th number and allows it after the operator raises the limit', async () => {
    const t = await setUp();
    h = t.h;
    await t.h.sut.useCases().admin.creditAccount.execute({ projectId: t.owner.project_id, amount: cents(5000), reason: 'bulk' })();
    for (let i = 0; i < 9; i++) expect((await t.provision()).status).toBe(200);

    const refused = await t.provision();
    const raised = await t.h.sut.useCases().admin.raiseNumberLimit.execute({ projectId: t.owner.project_id, limit: 11 })();
    const allowed = await t.provision();

    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR_NUMBER_LIMIT');
    expect(E.isRight(raised) && raised.right.numberLimit).toBe(11);
    expect(allowed.status).toBe(200);
    expect((await t.h.call('GET', '/v1/usage', { key: t.owner.api_key })).body.numbers).toEqual({ active: 11, provisionedLifetime: 11, limit: 11 });
  });

  it('keeps the operator’s reason with a credit', async () => {
    const t = await setUp();
    h = t.h;

    await t.h.sut.useCases().admin.creditAccount.execute({ projectId: t.owner.project_id, amount: cents(1000), reason: 'invoice 7 paid' })();

    expect((await t.ledger()).find((e) => e.reason === 'top_up')).toMatchObject({ amountCents: 1000, note: 'invoice 7 paid' });
  });
});
