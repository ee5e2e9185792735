import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../application/errors.js';
import type { UseCases } from '../application/use-cases/index.js';
import { formatUsd } from '../domain/money.js';
import { UsdFromEnv } from './config-codecs.js';

export const ADMIN_USAGE = `
  credit-account --project <id> --amount <USD> [--reason <text>]
                                 add credit to a project's balance (e.g. --amount 10.00)
  raise-number-limit --project <id> --limit <n>
                                 let a project provision up to n numbers in its lifetime
  set-call-limit --project <id> --limit <n>
                                 let a project have up to n calls in progress at once (default 10)
  issue-key --project <id> [--name <label>]
                                 issue one more API key and print it (shown once)
  revoke-key --key <key id>      revoke an API key (key_…); it answers 401 from then on
`;

export const ADMIN_OPTIONS = {
  project: { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  limit: { type: 'string' },
  key: { type: 'string' },
} as const;

export interface AdminArgs {
  readonly project?: string;
  readonly amount?: string;
  readonly reason?: string;
  readonly limit?: string;
  readonly key?: string;
  readonly name?: string;
}

export const ADMIN_COMMANDS = ['credit-account', 'raise-number-limit', 'set-call-limit', 'issue-key', 'revoke-key'] as const;
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];
export const isAdminCommand = (command: string): command is AdminCommand => (ADMIN_COMMANDS as readonly string[]).includes(command);

class UsageError extends Error {}

const need = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(what);
  return value;
};

const describe = (error: AppError): string => ('message' in error ? error.message : JSON.stringify(error));

/**
 * The operator's commands (the admin console will call the same use cases). Resolves to the
 * text to print; rejects with a message for the operator.
 */
export const runAdminCommand = async (command: AdminCommand, args: AdminArgs, useCases: () => UseCases): Promise<string> => {
  const done = <A>(result: E.Either<AppError, A>, ok: (value: A) => string): string => {
    if (E.isLeft(result)) throw new Error(`${command} failed: ${describe(result.left)}`);
    return ok(result.right);
  };
  switch (command) {
    case 'credit-account': {
      const projectId = need(args.project, 'credit-account needs --project <id>');
      const amount = UsdFromEnv.decode(need(args.amount, 'credit-account needs --amount <USD>, e.g. 10.00'));
      if (E.isLeft(amount)) throw new UsageError('--amount must be an amount in USD such as 10.00');
      const result = await useCases().admin.creditAccount.execute({ projectId, amount: amount.right, reason: args.reason ?? null })();
      return done(result, (r) => `credited ${formatUsd(r.entry.amountCents)} USD to ${projectId}; balance ${formatUsd(r.balanceCents)} USD`);
    }
    case 'raise-number-limit': {
      const projectId = need(args.project, 'raise-number-limit needs --project <id>');
      const limit = Number(need(args.limit, 'raise-number-limit needs --limit <n>'));
      const result = await useCases().admin.raiseNumberLimit.execute({ projectId, limit })();
      return done(result, (p) => `${p.id} may now provision ${p.numberLimit} numbers in its lifetime`);
    }
    case 'set-call-limit': {
      const projectId = need(args.project, 'set-call-limit needs --project <id>');
      const limit = Number(need(args.limit, 'set-call-limit needs --limit <n>'));
      const result = await useCases().admin.setCallLimit.execute({ projectId, limit })();
      return done(result, (p) => `${p.id} may now have ${p.maxConcurrentCalls} calls in progress at once`);
    }
    case 'issue-key': {
      const projectId = need(args.project, 'issue-key needs --project <id>');
      const result = await useCases().admin.issueKey.execute({ projectId, name: args.name ?? null })();
      return done(result, (k) => `API key ${k.key.id} for ${projectId} (shown once, keep it safe): ${k.clear}`);
    }
    case 'revoke-key': {
      const keyId = need(args.key, 'revoke-key needs --key <key id>');
      const result = await useCases().admin.revokeKey.execute({ keyId })();
      return done(result, (k) => `revoked ${k.id} (${k.prefix}…) of ${k.projectId}`);
    }
  }
};

export { UsageError };
