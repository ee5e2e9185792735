import * as t from 'io-ts';
import type { AgentHandoff } from '../../domain/agent-handoff.js';
import type { CallHandoff } from '../../domain/call-handoff.js';
import type { McpServer } from '../../domain/mcp-server.js';

/** `agents.mcp_servers`. */
export const McpServersJson: t.Type<readonly McpServer[], unknown> = t.readonlyArray(
  t.type({ name: t.string, url: t.string, headers: t.record(t.string, t.string), allowedTools: t.readonlyArray(t.string) }),
);

/** `agents.handoffs`. */
export const AgentHandoffsJson: t.Type<readonly AgentHandoff[], unknown> = t.readonlyArray(
  t.type({ agentId: t.string, description: t.string, name: t.string }),
);

const instant = new t.Type<Date, string, unknown>(
  'Instant',
  (u): u is Date => u instanceof Date,
  (u, c) => (typeof u === 'string' && !Number.isNaN(Date.parse(u)) ? t.success(new Date(u)) : t.failure(u, c, 'must be an ISO instant')),
  (d) => d.toISOString(),
);

/** `calls.handoffs`: instants kept as ISO text. */
export const CallHandoffsJson = t.readonlyArray(
  t.type({ fromAgentId: t.union([t.string, t.null]), toAgentId: t.string, summary: t.union([t.string, t.null]), at: instant }),
);

export const callHandoffsToJson = (handoffs: readonly CallHandoff[]): unknown[] => [...CallHandoffsJson.encode(handoffs)];
