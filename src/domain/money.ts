/** Money is always an integer number of US cents. */
export type Cents = number & { readonly Cents: unique symbol };

export const cents = (value: number): Cents => Math.trunc(value) as Cents;
export const ZERO_CENTS = cents(0);

export const formatUsd = (amount: Cents): string => {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
