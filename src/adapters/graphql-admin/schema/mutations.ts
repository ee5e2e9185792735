import { looksLikeE164, trustE164 } from '../../../domain/e164.js';
import { cents } from '../../../domain/money.js';
import { failure, run } from '../errors.js';
import type { AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';

const phoneNumber = (field: string, value: string) => {
  const trimmed = value.trim();
  if (!looksLikeE164(trimmed)) {
    throw failure(`${field} must be an E.164 number such as +14155550123`, 'VALIDATION_ERROR', { field });
  }
  return trustE164(trimmed);
};

/** Refuses the mutations that play a caller when a real carrier is in use. */
export const simulatedOnly = (deps: AdminSchemaDeps, what: string): NonNullable<AdminSchemaDeps['simulated']> => {
  if (!deps.simulated) {
    throw failure(`${what} is only possible on the simulated carrier`, 'SIMULATED_CARRIER_ONLY');
  }
  return deps.simulated;
};

/** What the operator changes: money, limits, keys, suspension, redelivery, simulated traffic. */
export const defineMutations = (builder: AdminBuilder, deps: AdminSchemaDeps) => {
  const { admin, messages } = deps.useCases;

  builder.mutationType({
    fields: (t) => ({
      creditAccount: t.field({
        type: 'AccountChange',
        description: 'Adds to the balance (a payment, a goodwill credit); the reason goes into the ledger.',
        args: { projectId: t.arg.id({ required: true }), amountCents: t.arg.int({ required: true }), reason: t.arg.string() },
        resolve: (_, args) =>
          run(admin.creditAccount.execute({ projectId: String(args.projectId), amount: cents(args.amountCents), reason: args.reason ?? null })),
      }),
      debitAccount: t.field({
        type: 'AccountChange',
        description: 'Takes off the balance (a correction); the reason is required and goes into the ledger.',
        args: { projectId: t.arg.id({ required: true }), amountCents: t.arg.int({ required: true }), reason: t.arg.string({ required: true }) },
        resolve: (_, args) =>
          run(admin.debitAccount.execute({ projectId: String(args.projectId), amount: cents(args.amountCents), reason: args.reason })),
      }),
      raiseNumberLimit: t.field({
        type: 'Project',
        args: { projectId: t.arg.id({ required: true }), limit: t.arg.int({ required: true }) },
        resolve: (_, args) => run(admin.raiseNumberLimit.execute({ projectId: String(args.projectId), limit: args.limit })),
      }),
      setCallLimit: t.field({
        type: 'Project',
        description: 'Sets how many calls the project may have in progress at once (default 10); more are refused (429, or a busy message).',
        args: { projectId: t.arg.id({ required: true }), limit: t.arg.int({ required: true }) },
        resolve: (_, args) => run(admin.setCallLimit.execute({ projectId: String(args.projectId), limit: args.limit })),
      }),
      setRecording: t.field({
        type: 'RecordingChange',
        description: 'Turns the recording add-on on (the first month is charged now) or off (renewals stop).',
        args: { projectId: t.arg.id({ required: true }), enabled: t.arg.boolean({ required: true }) },
        resolve: (_, args) => run(admin.setRecording.execute({ projectId: String(args.projectId), enabled: args.enabled })),
      }),
      issueApiKey: t.field({
        type: 'IssuedApiKey',
        args: { projectId: t.arg.id({ required: true }), name: t.arg.string() },
        resolve: (_, args) => run(admin.issueKey.execute({ projectId: String(args.projectId), name: args.name?.trim() || null })),
      }),
      revokeApiKey: t.field({
        type: 'ApiKey',
        description: 'From now on the key authenticates nothing (401). Idempotent.',
        args: { keyId: t.arg.id({ required: true }) },
        resolve: (_, args) => run(admin.revokeKey.execute({ keyId: String(args.keyId) })),
      }),
      suspendProject: t.field({
        type: 'Project',
        description: "Its API keys get 403 PROJECT_SUSPENDED until it is reactivated; nothing is deleted.",
        args: { projectId: t.arg.id({ required: true }) },
        resolve: (_, args) => run(admin.suspendProject.execute({ projectId: String(args.projectId) })),
      }),
      reactivateProject: t.field({
        type: 'Project',
        args: { projectId: t.arg.id({ required: true }) },
        resolve: (_, args) => run(admin.reactivateProject.execute({ projectId: String(args.projectId) })),
      }),
      redeliverDelivery: t.field({
        type: 'Delivery',
        description: 'Sends a failed delivery again, now (same id and body).',
        args: { projectId: t.arg.id({ required: true }), deliveryId: t.arg.id({ required: true }) },
        resolve: (_, args) =>
          run(admin.redeliverDelivery.execute({ projectId: String(args.projectId), deliveryId: String(args.deliveryId) })),
      }),
      simulateInboundSms: t.field({
        type: 'InboundSms',
        description: 'Simulated carrier only: a text from `from` arrives at our number `to`, as if the carrier delivered it.',
        args: { to: t.arg.string({ required: true }), from: t.arg.string({ required: true }), body: t.arg.string({ required: true }) },
        resolve: (_, args) => {
          simulatedOnly(deps, 'Injecting an SMS');
          return run(
            messages.receiveInboundSms.execute({
              to: phoneNumber('to', args.to),
              from: phoneNumber('from', args.from),
              body: args.body,
              mediaUrls: [],
              providerMessageId: null,
            }),
          );
        },
      }),
    }),
  });
};

export { phoneNumber };
