import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { UsagePeriod } from '../../../application/queries/usage-query.js';
import { oneOf } from '../../rest/codecs/common.js';
import { USAGE_PERIODS } from '../../../application/use-cases/billing/get-usage-breakdown.js';
import { daysParam, localDateParam, monthsParam, timeZoneParam } from '../../rest/codecs/usage.js';
import { usageByAgentView, usageByNumberView } from '../../rest/views/usage-breakdown.js';
import { dailyUsageView, monthlyUsageView } from '../../rest/views/usage-series.js';
import type { Usage } from '../../../application/use-cases/billing/get-usage.js';
import { agentView } from '../../rest/views/agents.js';
import { numberView } from '../../rest/views/numbers.js';
import { webhookView } from '../../rest/views/webhooks.js';
import { outboundSettingsView } from '../../rest/views/outbound-settings.js';
import { ListAuditEventsQuery } from '../../rest/codecs/audit-events.js';
import { auditEventView } from '../../rest/views/audit-events.js';
import { none, queryString } from '../arguments.js';
import { outcome, output, projectOf, readOnly, tool, type AnyTool } from '../tool.js';

/**
 * AgentPhone's arguments: the breakdown (summary when absent), its window, and the zone whose
 * calendar cuts it; and ours, `group_by`, for the same figures per number or per agent (as
 * GET /v1/usage/by-number and /by-agent), over `period` or `from`/`to`, or with `breakdown`
 * `daily` or `monthly` over the last `days` or `months`.
 */
const UsageArgs = t.intersection([
  t.partial({
    breakdown: oneOf(['summary', 'daily', 'monthly'] as const),
    group_by: oneOf(['number', 'agent'] as const),
    period: oneOf(USAGE_PERIODS),
    from: localDateParam,
    to: localDateParam,
  }),
  t.type({ days: daysParam, months: monthsParam, tz: timeZoneParam }),
]);
type UsageArgs = t.TypeOf<typeof UsageArgs>;

/** The breakdown's window as the use case reads it: AgentPhone's `days`/`months` when a series was asked for. */
const lastOf = (args: UsageArgs) => {
  if (args.breakdown === 'daily') return { unit: 'day' as const, count: args.days, field: 'days' };
  if (args.breakdown === 'monthly') return { unit: 'month' as const, count: args.months, field: 'months' };
  return null;
};

type GroupedView = ReturnType<typeof usageByNumberView> | ReturnType<typeof usageByAgentView>;

/** A breakdown in a line: its window and its totals over every number or agent. */
const groupedLine = (view: GroupedView, unit: string): string => {
  const lines: readonly GroupedView['data'][number][] = view.data;
  const total = (pick: (line: GroupedView['data'][number]) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
  return `${lines.length} ${unit}, ${view.from} to ${view.to} (${view.timeZone}): ${total((l) => l.messages)} messages, ` +
    `${total((l) => l.calls)} calls, ${total((l) => l.voiceMinutes)} voice minutes, ${usd(total((l) => l.chargesCents)).toFixed(2)} USD charged.`;
};

/** A series in a line: its totals over the window. */
const seriesLine = (periods: readonly UsagePeriod[], unit: string, zone: string): string => {
  const total = (pick: (p: UsagePeriod) => number) => periods.reduce((sum, p) => sum + pick(p), 0);
  return `Last ${periods.length} ${unit} (${zone}): ${total((p) => p.texts)} messages, ${total((p) => p.calls)} calls, ` +
    `${total((p) => p.voiceMinutes)} voice minutes, ${usd(total((p) => p.chargesCents)).toFixed(2)} USD charged.`;
};

const usd = (amountCents: number): number => Math.round(amountCents) / 100;

/** The same figures as GET /v1/usage. */
const usageView = (usage: Usage) => ({
  balance: usd(usage.balanceCents),
  balanceCents: usage.balanceCents,
  currency: 'USD',
  numbers: usage.numbers,
  chargesThisMonthCents: usage.chargesThisMonthCents,
  chargesThisMonth: usd(usage.chargesThisMonthCents),
  recordingEnabled: usage.recordingEnabled,
});

const usageLine = (usage: Usage) =>
  `Balance ${usd(usage.balanceCents).toFixed(2)} USD; ${usage.numbers.active} active numbers of ${usage.numbers.limit} allowed.`;

/** An overview reads at most this many agents and numbers; the list tools page through the rest. */
const OVERVIEW_PAGE = { limit: 100, offset: 0 };

export const accountTools: readonly AnyTool[] = [
  tool({
    name: 'account_overview',
    title: 'Account overview',
    description: 'A snapshot of the account: balance and limits, agents with their numbers, phone numbers, and the default webhook.',
    args: none,
    annotations: readOnly,
    access: 'project',
    run: async (context) => {
      const projectId = projectOf(context);
      const { billing, agents, numbers, webhooks } = context.useCases;
      const usage = await billing.getUsage.execute({ projectId })();
      if (E.isLeft(usage)) return usage;
      const agentPage = await agents.listAgents.execute({ projectId, page: OVERVIEW_PAGE })();
      const numberPage = await numbers.listNumbers.execute({ projectId, page: OVERVIEW_PAGE })();
      const webhook = await webhooks.getWebhook.execute({ projectId, agentId: null })();
      if (E.isLeft(agentPage) || E.isLeft(numberPage)) throw new Error('listing never fails');
      if (E.isLeft(webhook)) return webhook;
      const overview = {
        usage: usageView(usage.right),
        agents: { data: agentPage.right.items.map(agentView(context.useCases.agents.conversationSupport)), total: agentPage.right.total },
        numbers: { data: numberPage.right.items.map(numberView), total: numberPage.right.total },
        webhook: webhook.right && webhookView(webhook.right),
      };
      const summary = `${usageLine(usage.right)} ${agentPage.right.total} agents; default webhook ${webhook.right ? webhook.right.url : 'not set'}.`;
      return E.right(output(summary, overview));
    },
  }),
  tool({
    name: 'get_usage',
    title: 'Usage and balance',
    description:
      "The account's balance, number counts and limit, and this month's charges (the ledger's figures); " +
      'with `breakdown` `daily` (over `days`, default 30) or `monthly` (over `months`, default 12), the texts, calls, ' +
      'voice minutes and charges of each day or month of `tz` (an IANA time zone, default UTC), the current one last. ' +
      'With `group_by` `number` or `agent`: calls, voice minutes, texts in and out and charges per number or per agent, ' +
      'over `period` (`day`, `week` or `month`, the current one; default `month`) or `from`/`to` (YYYY-MM-DD, both included), ' +
      'or, with `breakdown` `daily` or `monthly`, over the last `days` days or `months` months.',
    args: queryString(UsageArgs),
    annotations: readOnly,
    access: 'project',
    run: (context, args) => {
      const projectId = projectOf(context);
      const { billing } = context.useCases;
      if (args.group_by !== undefined) {
        const by = args.group_by;
        const input = { projectId, by, period: args.period ?? null, from: args.from ?? null, to: args.to ?? null, zone: args.tz, last: lastOf(args) };
        return outcome(billing.getUsageBreakdown.execute(input), (breakdown) => {
          const view = by === 'number' ? usageByNumberView(breakdown) : usageByAgentView(breakdown);
          return output(groupedLine(view, by === 'number' ? 'numbers' : 'agents'), view);
        });
      }
      if (args.breakdown === 'daily') {
        return outcome(billing.getDailyUsage.execute({ projectId, days: args.days, zone: args.tz }), (periods) =>
          output(seriesLine(periods, 'days', args.tz), dailyUsageView(periods, args.tz)),
        );
      }
      if (args.breakdown === 'monthly') {
        return outcome(billing.getMonthlyUsage.execute({ projectId, months: args.months, zone: args.tz }), (periods) =>
          output(seriesLine(periods, 'months', args.tz), monthlyUsageView(periods, args.tz)),
        );
      }
      return outcome(billing.getUsage.execute({ projectId }), (usage) => output(usageLine(usage), usageView(usage)));
    },
  }),
  tool({
    name: 'get_outbound_settings',
    title: 'Outbound settings',
    description:
      "The project's attempt cap (at most `attempts` calls to one number within `withinSeconds`, across every campaign and API call; " +
      '`attemptCapSource` `node` when it is the server\'s default), the calling window that calls placed without one of their own ring in, ' +
      'and the recording disclosure said before the greeting of recorded calls (`recordingDisclosureSource` `node`: the server\'s).',
    args: none,
    annotations: readOnly,
    access: 'project',
    run: (context) =>
      outcome(context.useCases.projects.getOutboundSettings.execute({ projectId: projectOf(context) }), (settings) => {
        const view = outboundSettingsView(settings);
        const cap = view.attemptCap ? `${view.attemptCap.attempts} calls a number within ${view.attemptCap.withinSeconds} s (${view.attemptCapSource})` : `no attempt cap (${view.attemptCapSource})`;
        const window = view.callingWindow ? `${view.callingWindow.dailyStart}-${view.callingWindow.dailyEnd} on weekdays ${view.callingWindow.weekdays.join(',')} (${view.callingWindow.timeZone})` : 'any time';
        const disclosure = view.recordingDisclosure ? `"${view.recordingDisclosure}" (${view.recordingDisclosureSource})` : `none (${view.recordingDisclosureSource})`;
        return output(`Attempt cap: ${cap}. Default calling window: ${window}. Recording disclosure: ${disclosure}.`, view);
      }),
  }),
  tool({
    name: 'list_audit_events',
    title: 'List audit events',
    description:
      "The project's compliance audit trail, newest first: numbers put on or taken off the suppression list, consent changes and refused " +
      'calls and texts, each with who (`api_key`, `operator`, `caller` with their words, `system`) and why. Filter by `kind` ' +
      '(suppression.added, suppression.removed, consent.changed, attempt.refused), `phoneNumber`, `since` and `until` (ISO date-times).',
    args: queryString(ListAuditEventsQuery),
    annotations: readOnly,
    access: 'project',
    run: (context, q) => {
      const page = { limit: q.limit, offset: q.offset };
      const filter = { kind: q.kind ?? null, phoneNumber: q.phoneNumber ?? null, since: q.since ?? null, until: q.until ?? null };
      return outcome(context.useCases.suppressions.listAuditEvents.execute({ projectId: projectOf(context), page, filter }), (found) =>
        output(`${found.items.length} of ${found.total} audit events.`, {
          data: found.items.map(auditEventView),
          hasMore: page.offset + found.items.length < found.total,
          total: found.total,
        }),
      );
    },
  }),
];
