/**
 * The read side's SQL: every statement the query adapters run, each declared once with named
 * parameters and the decoder of its rows, run through a ReadSession.
 */
export { agentPage, agentPageVersion, oneAgent, type AgentNumberRow, type AgentPageRow } from './agents.js';
export { callListStatements, type CallFilterSet, type CallPageParams, type CallPageRow } from './calls.js';
export {
  agentConversationPage,
  agentConversationsVersion,
  projectConversationPage,
  projectConversationsVersion,
  type ConversationPageParams,
  type ConversationPageRow,
} from './conversations.js';
export { windowStatements, type MessageWindowParams } from './messages.js';
export { usageSeries } from './usage.js';
export { usageBreakdown } from './usage-breakdown.js';
export { backlogStatement, type BacklogRow } from './backlog.js';
export { contactList } from './contacts.js';
export { numberList } from './numbers.js';
export { callDetails, type CallDetailsRow } from './call-details.js';
export { auditEventList } from './audit-events.js';
export {
  anyConversationDetail,
  callInAnyProject,
  ledgerList,
  ledgerProject,
  numberWindow,
  projectConversationDetail,
  projectWebhooks,
  type ConversationDetailRow,
  type NumberWindowParams,
} from './records.js';
export { oneProject, projectApiKeys, projectExists, projectList } from './projects.js';
export { agentDeliveries, agentExists, deliveryLog, recentDeliveryLog } from './deliveries.js';
