import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField, type SubAccountRefused } from './errors.js';
import { callLimitOf, DEFAULT_NUMBER_LIMIT, type Project } from './project.js';
import type { BalanceMode } from './sub-account.js';

/** How many open sub-accounts one project may have. */
export const MAX_SUB_ACCOUNTS = 100;
export const SUB_ACCOUNT_NAME_MAX = 100;

/** What a parent sets on a sub-account; each limit is at most the parent's own. */
export interface SubAccountLimits {
  readonly numberLimit?: number;
  readonly maxConcurrentCalls?: number;
}

const checkName = (name: string): E.Either<InvalidField, string> => {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= SUB_ACCOUNT_NAME_MAX
    ? E.right(trimmed)
    : E.left(invalidField('name', `must be 1 to ${SUB_ACCOUNT_NAME_MAX} characters`));
};

const withinParent = (field: string, value: number, min: number, max: number): E.Either<InvalidField, number> =>
  Number.isInteger(value) && value >= min && value <= max
    ? E.right(value)
    : E.left(invalidField(field, `must be a whole number from ${min} to ${max} (the parent's own limit)`));

/** The limits as stored: each checked against the parent's, absent ones left as `current` has them. */
const applyLimits = (
  parent: Project,
  current: Pick<Project, 'numberLimit' | 'maxConcurrentCalls'>,
  limits: SubAccountLimits,
): E.Either<InvalidField, Pick<Project, 'numberLimit' | 'maxConcurrentCalls'>> => {
  const numberLimit = limits.numberLimit === undefined ? E.right(current.numberLimit) : withinParent('numberLimit', limits.numberLimit, 0, parent.numberLimit);
  if (E.isLeft(numberLimit)) return numberLimit;
  const calls = limits.maxConcurrentCalls === undefined ? E.right(callLimitOf(current)) : withinParent('maxConcurrentCalls', limits.maxConcurrentCalls, 1, callLimitOf(parent));
  if (E.isLeft(calls)) return calls;
  return E.right({ numberLimit: numberLimit.right, maxConcurrentCalls: calls.right });
};

/**
 * A parent opens a sub-account: a project of its own (agents, numbers, contacts, conversations,
 * webhooks are all per project) under the parent's owner address. Only a top-level project may
 * have sub-accounts, so the tree is one level deep; its limits default to the parent's own
 * (the number limit to the default, if the parent's is higher).
 */
export const openSubAccount = (
  parent: Project,
  openChildren: number,
  props: { readonly id: string; readonly name: string; readonly balance: BalanceMode; readonly limits: SubAccountLimits; readonly now: Date },
): E.Either<InvalidField | SubAccountRefused, Project> => {
  if (parent.parent) return E.left({ _tag: 'SubAccountRefused', reason: 'nested', message: 'a sub-account cannot open sub-accounts of its own' });
  if (openChildren >= MAX_SUB_ACCOUNTS) {
    return E.left({ _tag: 'SubAccountRefused', reason: 'limit', message: `a project may have at most ${MAX_SUB_ACCOUNTS} open sub-accounts` });
  }
  const name = checkName(props.name);
  if (E.isLeft(name)) return name;
  const defaults = { numberLimit: Math.min(DEFAULT_NUMBER_LIMIT, parent.numberLimit), maxConcurrentCalls: callLimitOf(parent) };
  const limits = applyLimits(parent, defaults, props.limits);
  if (E.isLeft(limits)) return limits;
  return E.right({
    id: props.id,
    email: parent.email,
    name: name.right,
    status: 'active',
    ...limits.right,
    recordingEnabled: false,
    parent: { id: parent.id, balance: props.balance },
    createdAt: props.now,
    updatedAt: props.now,
  });
};

/** The parent renames a sub-account or changes its limits (each still at most the parent's own). */
export const changeSubAccount = (
  parent: Project,
  child: Project,
  changes: { readonly name?: string; readonly limits: SubAccountLimits },
  now: Date,
): E.Either<InvalidField, Project> => {
  const name = changes.name === undefined ? E.right(child.name) : checkName(changes.name);
  if (E.isLeft(name)) return name;
  const limits = applyLimits(parent, child, changes.limits);
  if (E.isLeft(limits)) return limits;
  return E.right({ ...child, name: name.right, ...limits.right, updatedAt: now });
};

/**
 * The parent closes a sub-account for good: its keys stop working and it leaves the parent's
 * list; its records (calls, texts, ledger) are kept. Its live numbers must be released first,
 * so nothing stays paid for that no one can reach. Closing twice changes nothing.
 */
export const closeSubAccount = (child: Project, liveNumbers: number, now: Date): E.Either<SubAccountRefused, Project> => {
  if (child.status === 'closed') return E.right(child);
  if (liveNumbers > 0) {
    return E.left({
      _tag: 'SubAccountRefused',
      reason: 'live_numbers',
      message: `the sub-account still holds ${liveNumbers} live number${liveNumbers === 1 ? '' : 's'}; release them first`,
    });
  }
  return E.right({ ...child, status: 'closed', updatedAt: now });
};
