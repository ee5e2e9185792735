/** Rule violations the aggregates report. Each is a tagged value, never a throw. */
export type DomainError =
  | { readonly _tag: 'InvalidField'; readonly field: string; readonly message: string }
  | { readonly _tag: 'NumberLimitReached'; readonly limit: number }
  | { readonly _tag: 'InsufficientBalance'; readonly balanceCents: number; readonly requiredCents: number }
  | { readonly _tag: 'NumberReleased'; readonly numberId: string }
  | { readonly _tag: 'NumberNotAttached'; readonly numberId: string; readonly agentId: string }
  | { readonly _tag: 'ForeignResource'; readonly resource: string; readonly id: string }
  | { readonly _tag: 'WrongCode'; readonly attemptsLeft: number }
  | { readonly _tag: 'CodeExpired'; readonly expiredAt: Date }
  | { readonly _tag: 'CodeExhausted'; readonly maxAttempts: number }
  | { readonly _tag: 'SignUpAlreadyVerified'; readonly signUpId: string; readonly projectId: string | null }
  | { readonly _tag: 'DeliveryNotFailed'; readonly deliveryId: string; readonly status: string };

export const invalidField = (field: string, message: string): DomainError => ({
  _tag: 'InvalidField',
  field,
  message,
});
