import * as t from 'io-ts';
import type { HandoffEntry } from '../../../domain/agent.js';
import type { McpServer } from '../../../domain/mcp-server.js';
import { nullable } from './common.js';
import { headerMap } from './custom-tools.js';
import { boundedText, idText, MAX_LENGTH } from './text.js';

const McpServerBody = t.intersection([
  t.type({
    name: boundedText(24),
    url: boundedText(MAX_LENGTH.url),
    /** The server's tools the model may call; the others it lists are never offered. */
    allowedTools: t.array(boundedText(64)),
  }),
  t.partial({
    /** Sent on every request to the server; reads show each value as `(hidden)`. */
    headers: nullable(headerMap),
  }),
]);

const HandoffBody = t.intersection([
  t.type({ agentId: idText, description: boundedText(MAX_LENGTH.description) }),
  /** What follows `handoff_to_` in a hosted agent's tool; default: made from the agent's name. */
  t.partial({ name: boundedText(40) }),
]);

/** The agent's MCP servers and handoffs; each list given replaces the stored one whole. */
export const agentLinkFields = {
  mcpServers: t.array(McpServerBody),
  handoffs: t.array(HandoffBody),
};

type LinkBody = Partial<{ [K in keyof typeof agentLinkFields]: t.TypeOf<(typeof agentLinkFields)[K]> }>;

export const mcpServersOf = (body: LinkBody): readonly McpServer[] | undefined =>
  body.mcpServers?.map((server) => ({ name: server.name, url: server.url.trim(), headers: server.headers ?? {}, allowedTools: server.allowedTools }));

export const handoffsOf = (body: LinkBody): readonly HandoffEntry[] | undefined =>
  body.handoffs?.map((entry) => ({ agentId: entry.agentId, description: entry.description, ...(entry.name ? { name: entry.name } : {}) }));
