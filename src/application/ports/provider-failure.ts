/** A carrier's refusal or unreachability, as every carrier port states it. */
export interface ProviderFailure {
  readonly _tag: 'ProviderError';
  readonly message: string;
  readonly providerCode: string | null;
}
