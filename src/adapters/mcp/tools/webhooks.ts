import * as t from 'io-ts';
import { idText } from '../../rest/codecs/text.js';
import { ListDeliveriesQuery, toWebhookSettings, WebhookBody } from '../../rest/codecs/webhooks.js';
import { pageEnvelope } from '../../rest/pagination.js';
import { deliveryView, webhookView } from '../../rest/views/webhooks.js';
import { queryString, snakeCased } from '../arguments.js';
import { destroys, outcome, output, overwrites, projectOf, readOnly, tool, type AnyTool, type ToolContext } from '../tool.js';

const OptionalAgent = t.partial({ agentId: idText });

const targetOf = (context: ToolContext, agentId: string | undefined) => ({ projectId: projectOf(context), agentId: agentId ?? null });
const whose = (agentId: string | undefined) => (agentId ? `agent ${agentId}'s` : "the account's default");


export const webhookTools: readonly AnyTool[] = [
  tool({
    name: 'get_webhook',
    title: 'Get a webhook',
    description: "The account's default webhook, or with `agent_id` that agent's own one; null when none is set.",
    args: snakeCased(OptionalAgent),
    annotations: readOnly,
    access: 'project',
    run: (context, { agentId }) =>
      outcome(context.useCases.webhooks.getWebhook.execute(targetOf(context, agentId)), (webhook) =>
        output(webhook ? `${whose(agentId)} webhook posts to ${webhook.url}.` : `No ${whose(agentId)} webhook is set.`, { webhook: webhook && webhookView(webhook) }),
      ),
  }),
  tool({
    name: 'set_webhook',
    title: 'Set a webhook',
    description:
      "Set where events (texts, voice turns, call ends) are POSTed: the account's default, or with `agent_id` that agent's own. " +
      'Replaces the one set before; the answer carries the signing `secret`.',
    args: snakeCased(t.intersection([OptionalAgent, WebhookBody])),
    annotations: { ...overwrites, idempotentHint: false },
    access: 'project',
    run: (context, body) =>
      outcome(context.useCases.webhooks.configureWebhook.execute({ ...targetOf(context, body.agentId), settings: toWebhookSettings(body) }), (webhook) =>
        output(`${whose(body.agentId)} webhook now posts to ${webhook.url}.`, webhookView(webhook)),
      ),
  }),
  tool({
    name: 'delete_webhook',
    title: 'Delete a webhook',
    description:
      "DESTRUCTIVE: remove the account's default webhook, or with `agent_id` that agent's own (its events then go to the default). " +
      'Webhook-mode agents get no events until one is set again.',
    args: snakeCased(OptionalAgent),
    annotations: destroys,
    access: 'project',
    run: (context, { agentId }) =>
      outcome(context.useCases.webhooks.deleteWebhook.execute(targetOf(context, agentId)), () =>
        output(`Deleted ${whose(agentId)} webhook.`, { success: true }),
      ),
  }),
  tool({
    name: 'test_webhook',
    title: 'Test a webhook',
    description: "POST a signed test event to the account's default webhook (or with `agent_id`, that agent's own) and report the answer.",
    args: snakeCased(OptionalAgent),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    access: 'project',
    run: (context, { agentId }) => {
      const target = agentId ? { kind: 'agent' as const, projectId: projectOf(context), agentId } : { kind: 'account' as const, projectId: projectOf(context), agentId: null };
      return outcome(context.useCases.webhooks.sendTestWebhook.execute(target), (result) =>
        output(result.success ? `The webhook answered ${result.httpStatus}.` : `The test failed: ${result.errorMessage ?? `HTTP ${result.httpStatus}`}.`, { ...result }),
      );
    },
  }),
  tool({
    name: 'list_webhook_deliveries',
    title: 'List webhook deliveries',
    description: 'The delivery log, newest first: each event sent to a webhook, its status, HTTP answer and retries. `agent_id` keeps one agent’s; `hours` (1–168) the recent ones.',
    args: queryString(t.intersection([t.partial({ agent_id: idText }), ListDeliveriesQuery])),
    annotations: readOnly,
    access: 'project',
    run: async (context, query) => {
      const projectId = projectOf(context);
      if (query.agent_id !== undefined) {
        const input = { projectId, agentId: query.agent_id, limit: query.limit };
        return outcome(context.useCases.webhooks.listAgentDeliveries.execute(input), (deliveries) =>
          output(`${deliveries.length} deliveries.`, { data: deliveries.map(deliveryView) }),
        );
      }
      const page = { limit: query.limit, offset: query.offset };
      return outcome(context.useCases.webhooks.listDeliveries.execute({ projectId, page, hours: query.hours }), (deliveries) =>
        output(`${deliveries.items.length} of ${deliveries.total} deliveries.`, pageEnvelope(deliveries, page, deliveryView)),
      );
    },
  }),
];
