import * as E from 'fp-ts/lib/Either.js';
import type { InsufficientBalance, InvalidField, NumberLimitReached } from './errors.js';
import { mailboxKey, type Mailbox } from './mailbox.js';
import type { OutboundSettings } from './outbound-settings.js';
import { cents, type Cents } from './money.js';
import { ledgerAccountOf, type AccountPlacement, type BalanceMode } from './sub-account.js';

export const DEFAULT_NUMBER_LIMIT = 10;
/** As the hosted peers: ten calls at once unless the operator allows more. */
export const DEFAULT_MAX_CONCURRENT_CALLS = 10;
export const MAX_CONCURRENT_CALLS_LIMIT = 10_000;
/** Provisioning needs at least this much on the account, whatever the price. */
export const MINIMUM_PROVISIONING_BALANCE = cents(300);

/** `closed`: a sub-account its parent closed; kept for its records, reachable by no key. */
export type ProjectStatus = 'active' | 'suspended' | 'closed';

/** A customer's account: owns agents, numbers and the balance ledger. */
export interface Project {
  readonly id: string;
  /** The owner's address as its {@link mailboxKey}: one project per mailbox. */
  readonly email: string;
  readonly name: string;
  readonly status: ProjectStatus;
  /** Lifetime count of numbers this project may provision (released ones count too). */
  readonly numberLimit: number;
  readonly recordingEnabled: boolean;
  /** Calls in progress at once, inbound and outbound (operator-set); absent: {@link DEFAULT_MAX_CONCURRENT_CALLS}. */
  readonly maxConcurrentCalls?: number;
  /** Its own attempt cap and default calling window for outbound calls; absent: the node's. */
  readonly outbound?: OutboundSettings;
  /** Set on a sub-account only: the project that opened it, and whose ledger it draws on. */
  readonly parent?: { readonly id: string; readonly balance: BalanceMode };
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const newProject = (props: {
  id: string;
  email: Mailbox;
  name?: string;
  now: Date;
}): Project => ({
  id: props.id,
  email: mailboxKey(props.email),
  name: props.name ?? mailboxKey(props.email),
  status: 'active',
  numberLimit: DEFAULT_NUMBER_LIMIT,
  recordingEnabled: false,
  createdAt: props.now,
  updatedAt: props.now,
});

/**
 * The account mirrored by a project (the sign-up response's `account_id`): one per project,
 * so its id is the project's own with the account prefix, and nothing more needs storing.
 */
export const accountIdOf = (project: Pick<Project, 'id'>): string => `acct_${project.id.replace(/^proj_/, '')}`;

/**
 * May this project buy one more number? The lifetime limit counts every number it ever
 * provisioned; the balance must cover both the minimum and the first month's price.
 */
export const canProvisionNumber = (
  project: Project,
  numbersEverProvisioned: number,
  balance: Cents,
  monthlyPrice: Cents,
): E.Either<NumberLimitReached | InsufficientBalance, void> => {
  if (numbersEverProvisioned >= project.numberLimit) {
    return E.left({ _tag: 'NumberLimitReached', limit: project.numberLimit });
  }
  const required = cents(Math.max(MINIMUM_PROVISIONING_BALANCE, monthlyPrice));
  if (balance < required) {
    return E.left({ _tag: 'InsufficientBalance', balanceCents: balance, requiredCents: required });
  }
  return E.right(undefined);
};

export const raiseNumberLimit = (
  project: Project,
  limit: number,
  now: Date,
): E.Either<InvalidField, Project> =>
  Number.isInteger(limit) && limit >= project.numberLimit
    ? E.right({ ...project, numberLimit: limit, updatedAt: now })
    : E.left({
        _tag: 'InvalidField',
        field: 'numberLimit',
        message: `must be a whole number of at least ${project.numberLimit}`,
      });

/**
 * The operator stops a project: its API keys are refused (403 PROJECT_SUSPENDED) until it is
 * reactivated; its data, numbers and ledger stay as they are. Suspending twice, or a closed
 * sub-account, changes nothing.
 */
export const suspendProject = (project: Project, now: Date): Project =>
  project.status !== 'active' ? project : { ...project, status: 'suspended', updatedAt: now };

/** Lifts a suspension; an active project stays as it is, and a closed one stays closed. */
export const reactivateProject = (project: Project, now: Date): Project =>
  project.status !== 'suspended' ? project : { ...project, status: 'active', updatedAt: now };

/** Turns the recording add-on on or off; billing reads the flag (see BillingClock). */
export const setRecording = (project: Project, enabled: boolean, now: Date): Project =>
  project.recordingEnabled === enabled ? project : { ...project, recordingEnabled: enabled, updatedAt: now };

export const callLimitOf = (project: Pick<Project, 'maxConcurrentCalls'>): number => project.maxConcurrentCalls ?? DEFAULT_MAX_CONCURRENT_CALLS;

/** The operator sets how many calls the project may have in progress at once (1 to 10,000). */
export const setCallLimit = (project: Project, limit: number, now: Date): E.Either<InvalidField, Project> =>
  Number.isInteger(limit) && limit >= 1 && limit <= MAX_CONCURRENT_CALLS_LIMIT
    ? E.right({ ...project, maxConcurrentCalls: limit, updatedAt: now })
    : E.left({ _tag: 'InvalidField', field: 'maxConcurrentCalls', message: `must be a whole number from 1 to ${MAX_CONCURRENT_CALLS_LIMIT}` });

/** The project whose ledger this project's charges and credits go to (see {@link ledgerAccountOf}). */
export const ledgerAccountFor = (project: Pick<Project, 'id' | 'parent'>): string => ledgerAccountOf(placementOf(project));

/** Where the project sits among accounts, for the rules of `sub-account.ts`. */
export const placementOf = (project: Pick<Project, 'id' | 'parent'>): AccountPlacement => ({
  id: project.id,
  parentId: project.parent?.id ?? null,
  balance: project.parent?.balance ?? 'own',
});
