import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { placementOf, reactivateProject, suspendProject } from '../../../src/domain/project.js';
import { changeSubAccount, closeSubAccount, MAX_SUB_ACCOUNTS, openSubAccount } from '../../../src/domain/sub-account-lifecycle.js';
import { aProject, at } from '../../support/builders.js';

const parent = aProject({ id: 'proj_parent', numberLimit: 25, maxConcurrentCalls: 8 });
const open = (overrides: Partial<Parameters<typeof openSubAccount>[2]> = {}, of = parent, children = 0) =>
  openSubAccount(of, children, { id: 'proj_child', name: 'Acme Dental', balance: 'shared', limits: {}, now: at(1), ...overrides });
const child = E.getOrElseW(() => { throw new Error('not opened'); })(open());

describe(openSubAccount.name, () => {
  it('opens a project under the parent, with its address and limits capped by the parent', () => {
    expect(child).toMatchObject({ id: 'proj_child', email: parent.email, name: 'Acme Dental', status: 'active', numberLimit: 10, maxConcurrentCalls: 8 });
    expect(placementOf(child)).toEqual({ id: 'proj_child', parentId: 'proj_parent', balance: 'shared' });
    expect(placementOf(parent)).toEqual({ id: 'proj_parent', parentId: null, balance: 'own' });
  });

  it('takes limits up to the parent’s own', () => {
    expect(open({ limits: { numberLimit: 25, maxConcurrentCalls: 1 } })).toEqual(E.right(expect.objectContaining({ numberLimit: 25, maxConcurrentCalls: 1 })));
  });

  it.each([
    [{ numberLimit: 26 }, 'numberLimit'],
    [{ numberLimit: -1 }, 'numberLimit'],
    [{ maxConcurrentCalls: 9 }, 'maxConcurrentCalls'],
    [{ maxConcurrentCalls: 0 }, 'maxConcurrentCalls'],
  ])('refuses limits %o naming %s', (limits, field) => {
    expect(open({ limits })).toEqual(E.left(expect.objectContaining({ _tag: 'InvalidField', field })));
  });

  it.each(['', '   ', 'x'.repeat(101)])('refuses the name %j', (name) => {
    expect(open({ name })).toEqual(E.left(expect.objectContaining({ _tag: 'InvalidField', field: 'name' })));
  });

  it('refuses a sub-account opening its own, and a parent at its limit', () => {
    expect(open({}, child)).toEqual(E.left(expect.objectContaining({ _tag: 'SubAccountRefused', reason: 'nested' })));
    expect(open({}, parent, MAX_SUB_ACCOUNTS)).toEqual(E.left(expect.objectContaining({ _tag: 'SubAccountRefused', reason: 'limit' })));
  });
});

describe(changeSubAccount.name, () => {
  it('renames and changes limits, keeping what is not named', () => {
    expect(changeSubAccount(parent, child, { name: ' Renamed ', limits: { numberLimit: 3 } }, at(2))).toEqual(
      E.right({ ...child, name: 'Renamed', numberLimit: 3, updatedAt: at(2) }),
    );
  });

  it('refuses a limit above the parent’s', () => {
    expect(changeSubAccount(parent, child, { limits: { maxConcurrentCalls: 50 } }, at(2))).toEqual(E.left(expect.objectContaining({ field: 'maxConcurrentCalls' })));
  });
});

describe(closeSubAccount.name, () => {
  it('closes for good: suspension and reactivation leave it closed', () => {
    const closed = closeSubAccount(child, 0, at(3));
    expect(closed).toEqual(E.right({ ...child, status: 'closed', updatedAt: at(3) }));
    const done = E.isRight(closed) ? closed.right : child;
    expect(reactivateProject(done, at(4))).toBe(done);
    expect(suspendProject(done, at(4))).toBe(done);
    expect(closeSubAccount(done, 0, at(5))).toEqual(E.right(done));
  });

  it('refuses while live numbers remain', () => {
    expect(closeSubAccount(child, 2, at(3))).toEqual(E.left(expect.objectContaining({ _tag: 'SubAccountRefused', reason: 'live_numbers' })));
  });
});
