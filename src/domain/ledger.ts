import type { Cents } from './money.js';

export type LedgerReason =
  | 'signup_credit'
  | 'top_up'
  | 'adjustment'
  | 'number_first_month'
  | 'number_renewal'
  | 'recording_renewal';

/** One credit (positive) or charge (negative) on a project's account. The balance is their sum. */
export interface LedgerEntry {
  readonly id: string;
  readonly projectId: string;
  readonly amountCents: Cents;
  readonly reason: LedgerReason;
  /** The resource the entry is for (a number id, …), when there is one. */
  readonly resourceId: string | null;
  readonly createdAt: Date;
}

export const charge = (props: Omit<LedgerEntry, 'amountCents'> & { price: Cents }): LedgerEntry => ({
  id: props.id,
  projectId: props.projectId,
  amountCents: -Math.abs(props.price) as Cents,
  reason: props.reason,
  resourceId: props.resourceId,
  createdAt: props.createdAt,
});

export const credit = (props: Omit<LedgerEntry, 'amountCents'> & { amount: Cents }): LedgerEntry => ({
  id: props.id,
  projectId: props.projectId,
  amountCents: props.amount,
  reason: props.reason,
  resourceId: props.resourceId,
  createdAt: props.createdAt,
});
