/** Rule violations the aggregates report. Each is a tagged value, never a throw. */
export interface InvalidField {
  readonly _tag: 'InvalidField';
  readonly field: string;
  readonly message: string;
}
export interface NumberLimitReached {
  readonly _tag: 'NumberLimitReached';
  readonly limit: number;
}
export interface InsufficientBalance {
  readonly _tag: 'InsufficientBalance';
  readonly balanceCents: number;
  readonly requiredCents: number;
}
export interface NumberReleased {
  readonly _tag: 'NumberReleased';
  readonly numberId: string;
}
export interface NumberNotAttached {
  readonly _tag: 'NumberNotAttached';
  readonly numberId: string;
  readonly agentId: string;
}
export interface ForeignResource {
  readonly _tag: 'ForeignResource';
  readonly resource: string;
  readonly id: string;
}
export interface WrongCode {
  readonly _tag: 'WrongCode';
  readonly attemptsLeft: number;
}
export interface CodeExpired {
  readonly _tag: 'CodeExpired';
  readonly expiredAt: Date;
}
export interface CodeExhausted {
  readonly _tag: 'CodeExhausted';
  readonly maxAttempts: number;
}
export interface SignUpAlreadyVerified {
  readonly _tag: 'SignUpAlreadyVerified';
  readonly signUpId: string;
  readonly projectId: string | null;
}
export interface DeliveryNotFailed {
  readonly _tag: 'DeliveryNotFailed';
  readonly deliveryId: string;
  readonly status: string;
}

/**
 * A sub-account request the account tree does not allow: a sub-account opening one of its own
 * (`nested`), a parent past its number of sub-accounts (`limit`), closing one that still holds
 * live numbers (`live_numbers`).
 */
export interface SubAccountRefused {
  readonly _tag: 'SubAccountRefused';
  readonly reason: 'nested' | 'limit' | 'live_numbers';
  readonly message: string;
}

/** Every rule violation; each aggregate function names the few it can report. */
export type DomainError =
  | InvalidField
  | NumberLimitReached
  | InsufficientBalance
  | NumberReleased
  | NumberNotAttached
  | ForeignResource
  | WrongCode
  | CodeExpired
  | CodeExhausted
  | SignUpAlreadyVerified
  | DeliveryNotFailed
  | SubAccountRefused;

export const invalidField = (field: string, message: string): InvalidField => ({
  _tag: 'InvalidField',
  field,
  message,
});
