import * as E from 'fp-ts/lib/Either.js';
import type { Usage } from '../../../application/use-cases/billing/get-usage.js';
import { agentView } from '../../rest/views/agents.js';
import { numberView } from '../../rest/views/numbers.js';
import { webhookView } from '../../rest/views/webhooks.js';
import { none } from '../arguments.js';
import { outcome, output, projectOf, readOnly, tool, type AnyTool } from '../tool.js';

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
        agents: { data: agentPage.right.items.map(agentView), total: agentPage.right.total },
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
    description: "The account's balance, number counts and limit, and this month's charges (the ledger's figures).",
    args: none,
    annotations: readOnly,
    access: 'project',
    run: (context) => outcome(context.useCases.billing.getUsage.execute({ projectId: projectOf(context) }), (usage) => output(usageLine(usage), usageView(usage))),
  }),
];
