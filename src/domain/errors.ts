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
  | DeliveryNotFailed;

export const invalidField = (field: string, message: string): InvalidField => ({
  _tag: 'InvalidField',
  field,
  message,
});
