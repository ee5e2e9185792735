/** The countries phone numbers may be provisioned in. */
export const SUPPORTED_COUNTRIES = ['US', 'CA'] as const;
export type Country = (typeof SUPPORTED_COUNTRIES)[number];

export const isSupportedCountry = (value: string): value is Country =>
  (SUPPORTED_COUNTRIES as readonly string[]).includes(value);
