import type { UsageGrouping } from '../../../application/queries/usage-query.js';
import { USAGE_PERIODS, type UsageBreakdown } from '../../../application/use-cases/billing/get-usage-breakdown.js';
import type { LocalDate } from '../../../domain/calling-window.js';
import { failure, run } from '../errors.js';
import { enumOf, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';

const usd = (amountCents: number): number => Math.round(amountCents) / 100;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (d: LocalDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** A `YYYY-MM-DD` argument as a calendar day; a malformed or unreal one is the client's mistake, named by its argument. */
const localDate = (field: string, text: string | null | undefined): LocalDate | null => {
  if (text === null || text === undefined) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!match || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw failure(`${field} must be a calendar day YYYY-MM-DD`, 'VALIDATION_ERROR', { details: [{ field, message: 'must be a calendar day YYYY-MM-DD', type: 'value_error' }] });
  }
  return { year, month, day };
};

/**
 * A project's usage per number and per agent, the figures of GET /v1/usage/by-number and
 * /by-agent: `Project.usageByNumber` and `Project.usageByAgent`.
 */
export const defineUsageTypes = (builder: AdminBuilder, deps: AdminSchemaDeps): void => {
  const { billing } = deps.useCases;
  const UsagePeriodName = enumOf(builder, 'UsagePeriod', USAGE_PERIODS, 'A calendar period of the time zone, the one holding now (weeks start on Monday).');

  builder.objectType('UsageLine', {
    description: "One number's or one agent's calls, voice minutes, texts and charges in the window.",
    fields: (t) => ({
      id: t.exposeID('id', { description: "The number's or the agent's id." }),
      label: t.exposeString('label', { description: 'The number in E.164 form, or the agent’s name.' }),
      agentId: t.exposeID('agentId', { nullable: true, description: "A number's agent now (null when detached); an agent's own id." }),
      calls: t.exposeInt('calls'),
      voiceMinutes: t.exposeInt('voiceMinutes', { description: 'Each call rounded up to a whole minute, summed.' }),
      messages: t.int({ resolve: (line) => line.textsIn + line.textsOut }),
      messagesInbound: t.exposeInt('textsIn'),
      messagesOutbound: t.exposeInt('textsOut'),
      chargesCents: t.exposeInt('chargesCents'),
      charges: t.float({ resolve: (line) => usd(line.chargesCents) }),
    }),
  });

  builder.objectType('UsageBreakdown', {
    description: 'Usage per number or per agent over a window of local calendar days, both ends included.',
    fields: (t) => ({
      period: t.field({ type: UsagePeriodName, nullable: true, resolve: (b) => b.period }),
      from: t.string({ resolve: (b) => dayText(b.from) }),
      to: t.string({ resolve: (b) => dayText(b.to) }),
      timeZone: t.exposeString('zone'),
      lines: t.field({ type: ['UsageLine'], description: 'Every number (released ones too) or agent of the project, in id order.', resolve: (b) => b.lines }),
    }),
  });

  const breakdownField = (by: UsageGrouping) =>
    builder.objectField('Project', by === 'number' ? 'usageByNumber' : 'usageByAgent', (t) =>
      t.field({
        type: 'UsageBreakdown',
        description: `Usage per ${by}, as GET /v1/usage/by-${by}: over \`period\` (default the month) or \`from\`/\`to\` (YYYY-MM-DD) of \`tz\` (IANA).`,
        args: {
          period: t.arg({ type: UsagePeriodName }),
          from: t.arg.string(),
          to: t.arg.string(),
          tz: t.arg.string({ defaultValue: 'UTC', description: 'The IANA time zone whose calendar draws the window.' }),
        },
        resolve: (p, args): Promise<UsageBreakdown> =>
          run(
            billing.getUsageBreakdown.execute({
              projectId: p.id,
              by,
              period: args.period ?? null,
              from: localDate('from', args.from),
              to: localDate('to', args.to),
              zone: args.tz ?? 'UTC',
            }),
          ),
      }),
    );
  breakdownField('number');
  breakdownField('agent');
};
