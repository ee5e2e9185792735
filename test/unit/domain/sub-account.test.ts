import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { actingProjectOf, ledgerAccountOf, type AccountPlacement } from '../../../src/domain/sub-account.js';

const parent: AccountPlacement = { id: 'proj_parent', parentId: null, balance: 'own' };
const child: AccountPlacement = { id: 'proj_child', parentId: 'proj_parent', balance: 'own' };
const sibling: AccountPlacement = { id: 'proj_sibling', parentId: 'proj_parent', balance: 'shared' };
const stranger: AccountPlacement = { id: 'proj_stranger', parentId: null, balance: 'own' };

describe(ledgerAccountOf.name, () => {
  it('charges a shared-balance sub-account to its parent', () => {
    expect(ledgerAccountOf(sibling)).toBe('proj_parent');
  });

  it('charges a project with its own balance to itself', () => {
    expect(ledgerAccountOf(child)).toBe('proj_child');
    expect(ledgerAccountOf(parent)).toBe('proj_parent');
  });
});

describe(actingProjectOf.name, () => {
  it('acts on the key’s own project when no sub-account is named', () => {
    expect(actingProjectOf(parent, null, null)).toEqual(E.right('proj_parent'));
    expect(actingProjectOf(child, null, null)).toEqual(E.right('proj_child'));
  });

  it('lets a parent key act on its child through the header', () => {
    expect(actingProjectOf(parent, child, 'proj_child')).toEqual(E.right('proj_child'));
  });

  it('lets a sub-account name itself', () => {
    expect(actingProjectOf(child, child, 'proj_child')).toEqual(E.right('proj_child'));
  });

  it.each([
    ['a sibling', child, sibling, 'proj_sibling'],
    ['the parent', child, parent, 'proj_parent'],
    ['another project’s child', stranger, child, 'proj_child'],
    ['an id that does not exist', parent, null, 'proj_missing'],
  ])('refuses a key naming %s', (_, key, requested, id) => {
    expect(actingProjectOf(key, requested, id)).toEqual(E.left({ _tag: 'ForeignResource', resource: 'sub-account', id }));
  });
});
