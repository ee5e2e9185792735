import type { Agent } from '../../domain/agent.js';
import { mcpToolName, type McpServer } from '../../domain/mcp-server.js';
import type { ToolDefinition } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { McpToolServers } from '../ports/mcp-tool-servers.js';
import type { ToolRunResult } from './custom-tool-runner.js';

/** How long a server may take to list its tools before the call goes on without them. */
const LIST_TIMEOUT_MS = 3_000;
/** How long one tool call may take: as long as a custom HTTP tool's default. */
const CALL_TIMEOUT_MS = 10_000;
/** What the model gets of an answer. */
const MODEL_TEXT_LIMIT = 4000;

interface Offered {
  readonly server: McpServer;
  readonly tool: string;
}

/**
 * The MCP tools one call's agent may use: its servers' listed tools that the agent allows, named
 * `mcp__{server}__{tool}` for the model. A server that cannot be reached offers nothing on this
 * call: it is logged and named in `unavailable`, and the call goes on.
 */
export class McpToolset {
  private constructor(
    readonly definitions: readonly ToolDefinition[],
    /** Servers whose tools this call cannot use. */
    readonly unavailable: readonly string[],
    private readonly offered: ReadonlyMap<string, Offered>,
    private readonly servers: McpToolServers,
    private readonly log: Logger,
  ) {}

  /** Lists each of the agent's servers' tools at once; never rejects. */
  static async of(agent: Agent | null, servers: McpToolServers, log: Logger): Promise<McpToolset> {
    const wanted = agent?.mcpServers ?? [];
    const definitions: ToolDefinition[] = [];
    const offered = new Map<string, Offered>();
    const unavailable: string[] = [];
    const listed = await Promise.all(
      wanted.map((server) =>
        servers.listTools(server, LIST_TIMEOUT_MS).then(
          (tools) => ({ server, tools }),
          (error: unknown) => {
            log.warn({ mcpServer: server.name, url: server.url, err: String(error) }, 'an MCP server could not be reached: its tools are not offered on this call');
            unavailable.push(server.name);
            return { server, tools: [] };
          },
        ),
      ),
    );
    for (const { server, tools } of listed) {
      for (const tool of tools) {
        if (!server.allowedTools.includes(tool.name)) continue;
        const name = mcpToolName(server, tool.name);
        definitions.push({ name, description: tool.description, parameters: { ...tool.inputSchema, type: 'object' } });
        offered.set(name, { server, tool: tool.name });
      }
    }
    return new McpToolset(definitions, unavailable, offered, servers, log);
  }

  has(name: string): boolean {
    return this.offered.has(name);
  }

  /** Calls the tool the model named; whatever happens becomes words the model can act on. Never rejects. */
  async run(name: string, args: Readonly<Record<string, unknown>>): Promise<ToolRunResult> {
    const target = this.offered.get(name);
    if (!target) return { outcome: 'error', httpStatus: null, content: `There is no tool named ${name}.` };
    try {
      const answer = await this.servers.callTool(target.server, target.tool, args, CALL_TIMEOUT_MS);
      this.log.info({ mcpServer: target.server.name, tool: target.tool, outcome: answer.outcome }, 'MCP tool called');
      if (answer.outcome === 'timeout') {
        return { outcome: 'timeout', httpStatus: null, content: `The tool ${target.tool} did not answer in time. Tell the caller you could not get that done right now, and carry on.` };
      }
      const text = answer.text.trim().slice(0, MODEL_TEXT_LIMIT);
      if (answer.outcome === 'error') return { outcome: 'error', httpStatus: null, content: `The tool ${target.tool} failed${text ? `: ${text}` : ''}. Tell the caller you could not get that done right now, and carry on.` };
      return { outcome: 'ok', httpStatus: null, content: text === '' ? `The tool ${target.tool} succeeded and returned nothing.` : text };
    } catch (error) {
      this.log.warn({ mcpServer: target.server.name, tool: target.tool, err: String(error) }, 'an MCP tool call failed: the server could not be reached');
      return { outcome: 'error', httpStatus: null, content: `The tool ${target.tool} could not be reached. Tell the caller you could not get that done right now, and carry on.` };
    }
  }
}
