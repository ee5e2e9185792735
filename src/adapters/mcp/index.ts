import { accountTools } from './tools/account.js';
import { agentTools } from './tools/agents.js';
import { callTools } from './tools/calls.js';
import { campaignTools } from './tools/campaigns.js';
import { contactTools } from './tools/contacts.js';
import { knowledgeTools } from './tools/knowledge.js';
import { agentTestTools } from './tools/agent-tests.js';
import { conversationTools } from './tools/conversations.js';
import { numberTools } from './tools/numbers.js';
import { signUpTools } from './tools/sign-up.js';
import { webhookTools } from './tools/webhooks.js';
import type { AnyTool } from './tool.js';

/** Every tool, by area: AgentPhone's 28 names, plus release_number, end_call, sign_up, verify_sign_up, the campaign and the knowledge-base tools. */
export const MCP_TOOLS: readonly AnyTool[] = [
  ...accountTools,
  ...numberTools,
  ...conversationTools,
  ...callTools,
  ...agentTools,
  ...contactTools,
  ...knowledgeTools,
  ...agentTestTools,
  ...campaignTools,
  ...webhookTools,
  ...signUpTools,
];

export { McpSessions, type McpSessionsDeps } from './mcp-sessions.js';
export type { Caller } from './mcp-server.js';
export type { AnyTool, Tool } from './tool.js';
