import type { Cents } from './money.js';

export type LedgerReason =
  | 'signup_credit'
  | 'top_up'
  | 'adjustment'
  | 'number_first_month'
  | 'number_renewal'
  | 'recording_renewal'
  | 'number_lookup';

/** One credit (positive) or charge (negative) on a project's account. The balance is their sum. */
export interface LedgerEntry {
  readonly id: string;
  readonly projectId: string;
  readonly amountCents: Cents;
  readonly reason: LedgerReason;
  /** The resource the entry is for (a number id, …), when there is one. */
  readonly resourceId: string | null;
  /**
   * For a charge of a monthly item (a number, the recording add-on): the end of the month it
   * pays for. The item is paid through the latest of these; null for everything else.
   */
  readonly periodEnd: Date | null;
  /** Free text, e.g. the operator's reason for a credit. */
  readonly note: string | null;
  readonly createdAt: Date;
}

type EntryProps = Omit<LedgerEntry, 'amountCents' | 'periodEnd' | 'note'> & {
  readonly periodEnd?: Date | null;
  readonly note?: string | null;
};

export const charge = (props: EntryProps & { price: Cents }): LedgerEntry => ({
  id: props.id,
  projectId: props.projectId,
  amountCents: -Math.abs(props.price) as Cents,
  reason: props.reason,
  resourceId: props.resourceId,
  periodEnd: props.periodEnd ?? null,
  note: props.note ?? null,
  createdAt: props.createdAt,
});

export const credit = (props: EntryProps & { amount: Cents }): LedgerEntry => ({
  id: props.id,
  projectId: props.projectId,
  amountCents: props.amount,
  reason: props.reason,
  resourceId: props.resourceId,
  periodEnd: null,
  note: props.note ?? null,
  createdAt: props.createdAt,
});
