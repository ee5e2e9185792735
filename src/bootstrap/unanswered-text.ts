import * as t from 'io-ts';
import { explainUnanswered } from '../application/events/unanswered-turn.js';
import { adminGraphql, type AdminEndpoint } from './admin-graphql-client.js';

const Conversation = t.type({ conversation: t.union([t.type({ projectId: t.string, agentId: t.union([t.string, t.null]) }), t.null]) });
const Project = t.type({
  project: t.type({
    webhooks: t.array(t.type({ agentId: t.union([t.string, t.null]) })),
    agents: t.type({ items: t.array(t.type({ id: t.string, voiceMode: t.string })) }),
    deliveries: t.type({
      items: t.array(t.type({ messageId: t.union([t.string, t.null]), status: t.string, httpStatus: t.union([t.number, t.null]), errorMessage: t.union([t.string, t.null]) })),
    }),
  }),
});

const PROJECT_QUERY = `query ($pid: ID!, $aid: ID) { project(id: $pid) {
  webhooks { agentId } agents(limit: 100) { items { id voiceMode } }
  deliveries(agentId: $aid, eventType: AGENT_MESSAGE, limit: 50) { items { messageId status httpStatus errorMessage } } } }`;

/**
 * Why a text got no reply, read from what the server holds: whether the agent has a webhook
 * (or the account one), what became of the text's `agent.message` delivery, or that the agent
 * is hosted (its reply is the model's). The same words as a call's unanswered turn.
 */
export const whyNoReply = async (endpoint: AdminEndpoint, conversationId: string, messageId: string, seconds: number): Promise<string[]> => {
  const { conversation } = await adminGraphql(endpoint, 'query ($id: ID!) { conversation(id: $id) { projectId agentId } }', { id: conversationId }, Conversation);
  if (!conversation?.agentId) return ['(no reply: the number has no agent to answer it; attach one with PATCH /v1/numbers/{id})'];
  const { agentId } = conversation;
  const { project } = await adminGraphql(endpoint, PROJECT_QUERY, { pid: conversation.projectId, aid: agentId }, Project);
  const mode = project.agents.items.find((agent) => agent.id === agentId)?.voiceMode;
  if (mode === 'HOSTED') {
    const { message, fix } = explainUnanswered({ kind: 'model_failed', error: `no reply within ${seconds} s` }, agentId, 'sms');
    return [`(no reply: ${message})`, `(to fix: ${fix} The server's log says why each text went unanswered.)`];
  }
  const delivery = project.deliveries.items.find((item) => item.messageId === messageId);
  const hooked = project.webhooks.some((webhook) => webhook.agentId === null || webhook.agentId === agentId);
  if (!delivery && !hooked) {
    const { message, fix } = explainUnanswered({ kind: 'no_webhook' }, agentId, 'sms');
    return [`(no reply: ${message})`, `(to fix: ${fix})`];
  }
  if (delivery && delivery.status !== 'SUCCESS' && (delivery.httpStatus !== null || delivery.errorMessage !== null)) {
    const error = delivery.errorMessage ?? `HTTP ${delivery.httpStatus}`;
    const { message, fix } = explainUnanswered({ kind: 'webhook_failed', httpStatus: delivery.httpStatus, error }, agentId, 'sms');
    return [`(no reply: ${message} It is retried on the schedule.)`, `(to fix: ${fix})`];
  }
  return [
    `(no reply within ${seconds} s: the webhook ${delivery?.status === 'SUCCESS' ? 'took the text' : 'has the text on its way'}, and the agent did not send a reply)`,
    '(to fix: a webhook agent replies to a text with POST /v1/messages; check its log)',
  ];
};
